"""truf-basics: "Truf: The Basics", targets declared with one or two cards, Main Atas/Bawah."""

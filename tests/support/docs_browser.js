// Measures a page of the reference as the browser lays it out (tests/docs/test_docs.py,
// test_the_pages_fit_a_phone_and_a_desktop): evaluated in the page, it returns the figures.
() => {
  const scrolls = (element) => {
    for (let e = element; e; e = e.parentElement) {
      const overflow = getComputedStyle(e).overflowX;
      if (overflow === "auto" || overflow === "scroll") return true;
    }
    return false;
  };
  const top = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 ? Math.round(box.top) : null;
  };
  const wide = [...document.querySelectorAll("pre, table")].filter((e) => e.scrollWidth > e.clientWidth + 1);
  return {
    scrollWidth: document.documentElement.scrollWidth,
    cut: wide.filter((e) => !scrolls(e)).map((e) => e.outerHTML.slice(0, 80)),
    matrixFits: [...document.querySelectorAll("table.variant-matrix")].map(
      (t) => t.parentElement.scrollWidth <= t.parentElement.clientWidth + 1),
    navigation: top(".mobile-header .nav-overlay-icon") ?? top(".sidebar-tree"),
    search: top(".mobile-header .nav-overlay-icon") ?? top(".sidebar-search"),
    searchBox: document.querySelector(".sidebar-drawer .sidebar-search") !== null,
  };
}

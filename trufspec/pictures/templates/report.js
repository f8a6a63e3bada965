// The trick-by-trick replay of the trufspec report: buttons and the arrow keys step each
// deal's diagram through its tricks.  Without the script the diagram shows the deal as dealt
// and the tricks are listed in words, so nothing depends on it.
(function () {
  "use strict";

  function setStep(replay, step) {
    var last = Number(replay.getAttribute("data-tricks"));
    step = Math.max(0, Math.min(last, step));
    replay.setAttribute("data-step", String(step));
    replay.querySelectorAll(".tf-card").forEach(function (card) {
      var played = Number(card.getAttribute("data-t") || 0);
      var gone = (played > 0 && played <= step) ||
        (step > 0 && card.hasAttribute("data-out")) ||
        (step === 0 && card.hasAttribute("data-in"));
      // A card on the table (inside a trick) is shown with its trick, not by this rule.
      if (!card.closest(".tf-trick")) {
        card.classList.toggle("tf-gone", gone);
      }
    });
    // Close up each row: the cards left take the places of the first cards of the row.
    var svg = replay.querySelector("svg");
    var advance = Number(svg.getAttribute("data-advance"));
    // A framed card has room for its frame on either side.
    var pad = Number(svg.getAttribute("data-pad") || 0);
    replay.querySelectorAll(".tf-row").forEach(function (row) {
      var x = 0;
      var left = 0;
      row.querySelectorAll(".tf-card").forEach(function (card) {
        if (card.classList.contains("tf-gone")) { return; }
        var text = card.tagName.toLowerCase() === "text" ? card : card.querySelector("text");
        if (card === text) {
          card.setAttribute("x", x.toFixed(1));
        } else {
          card.setAttribute("transform", "translate(" + (x + pad - Number(card.getAttribute("data-x"))).toFixed(1) + " 0)");
          x += 2 * pad;
        }
        x += (text.textContent.length + 1) * advance;
        left += 1;
      });
      var dash = row.previousElementSibling;
      if (dash && dash.classList.contains("tf-void")) { dash.classList.toggle("tf-gone", left > 0); }
    });
    var shown = null;
    replay.querySelectorAll(".tf-trick").forEach(function (trick) {
      var current = Number(trick.getAttribute("data-trick")) === step;
      trick.classList.toggle("tf-gone", !current);
      if (current) { shown = trick; }
    });
    // One caption serves every trick: its number, and who won it.
    var table = replay.querySelector(".tf-table");
    var caption = replay.querySelector(".tf-caption");
    if (table && caption) {
      var lines = caption.querySelectorAll("tspan");
      var won = shown ? shown.getAttribute("data-won") : "";
      table.classList.toggle("tf-gone", step === 0);
      lines[0].textContent = "trick " + step;
      lines[1].textContent = won ? "won by " + won : "winner not known";
    }
    var status = replay.querySelector(".tf-status");
    var section = replay.closest(".tf-deal");
    var item = section ? section.querySelector('.tf-tricklist li[data-trick="' + step + '"]') : null;
    if (section) {
      section.querySelectorAll(".tf-tricklist li").forEach(function (li) {
        if (li === item) { li.setAttribute("aria-current", "step"); } else { li.removeAttribute("aria-current"); }
      });
    }
    if (status) {
      status.textContent = step === 0 ? "Before the first trick" :
        "Trick " + step + (item ? ": " + item.textContent : "") + " (" + step + " of " + last + ")";
    }
    replay.querySelectorAll("button[data-go]").forEach(function (button) {
      var go = button.getAttribute("data-go");
      button.disabled = (go === "first" || go === "prev") ? step === 0 : step === last;
    });
  }

  function move(replay, go) {
    var step = Number(replay.getAttribute("data-step") || 0);
    var last = Number(replay.getAttribute("data-tricks"));
    var next = {first: 0, prev: step - 1, next: step + 1, last: last}[go];
    setStep(replay, next);
  }

  var keys = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last"};

  document.querySelectorAll(".tf-replay").forEach(function (replay) {
    setStep(replay, 0);
    replay.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-go]");
      if (button) { move(replay, button.getAttribute("data-go")); }
    });
    replay.addEventListener("keydown", function (event) {
      var go = keys[event.key];
      if (go && Number(replay.getAttribute("data-tricks")) > 0) {
        event.preventDefault();
        move(replay, go);
      }
    });
  });

  // A printed page shows the hands and tricks in words, which sit in closed disclosures.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details.tf-text").forEach(function (details) { details.open = true; });
  });

  // A finding's link shows its trick and flashes its card.
  document.querySelectorAll("a.tf-goto").forEach(function (link) {
    link.addEventListener("click", function () {
      var replay = document.getElementById(link.getAttribute("data-replay") || "");
      if (replay) {
        setStep(replay, Number(link.getAttribute("data-step") || 0));
        replay.focus({preventScroll: true});
      }
      var index = link.getAttribute("data-diag");
      document.querySelectorAll(".tf-flash").forEach(function (card) { card.classList.remove("tf-flash"); });
      document.querySelectorAll("[data-diag]").forEach(function (card) {
        if (card !== link && (" " + card.getAttribute("data-diag") + " ").indexOf(" " + index + " ") >= 0) {
          card.classList.add("tf-flash");
        }
      });
    });
  });
})();

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
    // Close up each suit: the cards left slide to where the first cards of the row stood.
    replay.querySelectorAll(".tf-row").forEach(function (row) {
      var cards = row.querySelectorAll(".tf-card");
      var x = cards.length ? Number(cards[0].getAttribute("data-x")) : 0;
      cards.forEach(function (card) {
        if (card.classList.contains("tf-gone")) { return; }
        var shift = x - Number(card.getAttribute("data-x"));
        card.setAttribute("transform", "translate(" + shift.toFixed(1) + " 0)");
        x += Number(card.getAttribute("data-w"));
      });
      var left = [].filter.call(cards, function (card) { return !card.classList.contains("tf-gone"); });
      var dash = row.previousElementSibling;
      if (dash && dash.classList.contains("tf-void")) { dash.classList.toggle("tf-gone", left.length > 0); }
    });
    replay.querySelectorAll(".tf-trick").forEach(function (trick) {
      trick.classList.toggle("tf-gone", Number(trick.getAttribute("data-trick")) !== step);
    });
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
        (item ? item.textContent : "Trick " + step) + " (" + step + " of " + last + ")";
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

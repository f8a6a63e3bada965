// The play page: a client of the hosted-game API (/v1/games) holding one seat's token, so it
// only ever sees that seat's view.  The game, the seat and the token live in the address's
// fragment (never sent to the server), so a reload, a second tab or a restarted server resumes
// the same game.  The other seats are bots, which the server moves as soon as they are to act;
// the page looks at the view again, often while it waits on them.
(function () {
  "use strict";
  var SUITS = {S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"]};
  var RANKS = {A: "ace", K: "king", Q: "queen", J: "jack"};
  var CARD = /^(10|[2-9AKQJ])([SHDC])$/;
  var ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
  var BOT_NAMES = ["Ana", "Budi", "Citra", "Dewi", "Eko"];
  var SEATS = 4;
  var $ = function (id) { return document.getElementById(id); };
  var game = null;        // {game, seat, token}
  var view = null;        // the last view of the seat
  var chosen = [];        // cards chosen for a bid or a claim
  var lost = false;
  var busy = false;
  var timer = null;

  function parseHash() {
    var found = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
      var at = pair.indexOf("=");
      if (at > 0) { found[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1)); }
    });
    return found.game && found.token && found.seat ? found : null;
  }

  function cardName(card) {
    var m = CARD.exec(card);
    return m ? (RANKS[m[1]] || m[1]) + " of " + SUITS[m[2]][1] : card;
  }
  function cardFace(card) {
    var m = CARD.exec(card);
    return m ? m[1] + SUITS[m[2]][0] : card;
  }

  function say(id, text) { $(id).textContent = text; }

  function connection(isLost) {
    if (isLost && !lost) {
      say("connection", "The connection to the server is lost. Trying again every 2 seconds; your game is kept.");
    } else if (!isLost && lost) {
      say("connection", "Connected again: the game goes on.");
      setTimeout(function () { if (!lost) { say("connection", ""); } }, 4000);
    }
    lost = isLost;
  }

  // A request to the server; rejects with {lost: true} when the server cannot be reached.
  function api(path, body) {
    var options = {method: body === undefined ? "GET" : "POST", headers: {}};
    if (game) { options.headers.Authorization = "Bearer " + game.token; }
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(path, options).then(function (response) {
      connection(false);
      return response.json().catch(function () { return {}; }).then(function (data) {
        return {status: response.status, data: data};
      });
    }, function () {
      connection(true);
      throw {lost: true};
    });
  }

  // The next look at the view: soon while a bot is to act, seldom while only the person is.
  function retryLater() {
    clearTimeout(timer);
    var waiting = view && !view.over && view.to_act.some(function (p) { return p !== game.seat; });
    timer = setTimeout(refresh, lost ? 2000 : waiting ? 400 : 2500);
  }

  function refresh() {
    if (!game) { return; }
    api("/v1/games/" + encodeURIComponent(game.game) + "?seat=" + encodeURIComponent(game.seat))
      .then(function (answer) {
        if (answer.status !== 200) { say("status", answer.data.detail || "This game cannot be shown."); return; }
        show(answer.data);
      })
      .catch(function () {})
      .then(retryLater);
  }

  function act(action) {
    if (busy || !view) { return; }
    busy = true;
    say("refusal", "");
    api("/v1/games/" + encodeURIComponent(game.game) + "/actions",
        {action: action, seat: game.seat, version: view.version})
      .then(function (answer) {
        // The next action may be sent as soon as this one is judged, bots or no bots.
        busy = false;
        if (answer.status === 200) {
          chosen = [];
          show(answer.data.view);
          return retryLater();
        }
        // Another action came first (a conflict has no rule's code): look again.
        if (answer.status === 409 && !answer.data.code) {
          say("refusal", "Another player acted first: your choice was not sent on. Here is the table as it is now.");
          return refresh();
        }
        refused(answer.data);
      }, function () {
        busy = false;
        say("refusal", "Not sent: the server cannot be reached. Try again when it is back.");
      })
      .catch(function () {});
  }

  function refused(problem) {
    var box = $("refusal");
    box.textContent = "";
    var head = document.createElement("p");
    head.textContent = "Refused: ";
    if (problem.code && problem.clause) {
      var link = document.createElement("a");
      link.href = "/rules/clause/" + encodeURIComponent(problem.code);
      link.textContent = problem.code + (problem.clause ? " " + problem.clause : "");
      link.className = "refused-code";
      head.appendChild(link);
      head.appendChild(document.createTextNode(": "));
    } else if (problem.code) {
      head.appendChild(document.createTextNode(problem.code + ": "));
    }
    // Said to this seat in the second person when the refusal is of its own action.
    head.appendChild(document.createTextNode(problem.said_to_seat || problem.detail || "the referee refused this."));
    box.appendChild(head);
    if (problem.citation) {
      var quote = document.createElement("blockquote");
      quote.className = "tf-quote";
      quote.textContent = "“" + problem.citation.quote + "” (" + problem.citation.locator + ")";
      box.appendChild(quote);
    }
  }

  function legalOf(v) {
    var items = v.legal_actions.items;
    var hand = v.hand;
    var cards = items.filter(function (a) { return hand.indexOf(a) >= 0; });
    var multi = items.filter(function (a) {
      return a.split(" ").length > 1 && a.split(" ").every(function (p) { return CARD.test(p); });
    });
    // Cards named from the whole pack (a Tromplemond claim names cards nobody need hold), or
    // from the hand (a truf-jb bid).
    var pack = multi.some(function (a) {
      return a.split(" ").some(function (p) { return hand.indexOf(p) < 0; });
    });
    var combos = multi.length > 0 && !pack;
    var compose = combos || pack || (v.legal_actions.total > items.length && cards.length > 0);
    var others = compose && v.legal_actions.total > 60 ? [] : items.filter(function (a) {
      return hand.indexOf(a) < 0 && !a.split(" ").every(function (p) { return hand.indexOf(p) >= 0; });
    });
    return {cards: cards, compose: compose, pack: pack, others: others, example: items[0]};
  }

  function show(v) {
    var focusedCard = document.activeElement && document.activeElement.getAttribute("data-card");
    view = v;
    $("new-table").hidden = true;
    $("table").hidden = false;
    var mine = !v.over && v.to_act.indexOf(game.seat) >= 0;
    var legal = mine ? legalOf(v) : {cards: [], compose: false, pack: false, others: [], example: ""};
    if (!legal.compose) { chosen = []; }
    // The hand, a row per suit, sorted as dealt to a player: by suit, then by rank.
    var hand = $("hand");
    hand.textContent = "";
    ["S", "H", "D", "C"].forEach(function (suit) {
      var cards = v.hand.filter(function (c) { var m = CARD.exec(c); return m && m[2] === suit; });
      if (!cards.length) { return; }
      cards.sort(function (a, b) { return ORDER.indexOf(CARD.exec(a)[1]) - ORDER.indexOf(CARD.exec(b)[1]); });
      hand.appendChild(suitRow(suit, cards, function (button, card) {
        var isLegal = legal.cards.indexOf(card) >= 0;
        if (isLegal) { button.classList.add("legal"); }
        if (legal.compose) { button.setAttribute("aria-pressed", chosen.indexOf(card) >= 0 ? "true" : "false"); }
        button.setAttribute("aria-label", cardName(card) + (isLegal ? ", playable" : ""));
        button.tabIndex = -1;
      }));
    });
    var all = hand.querySelectorAll(".card");
    var keep = focusedCard && hand.querySelector('[data-card="' + focusedCard + '"]');
    var first = keep || hand.querySelector(".card.legal") || all[0];
    if (first) { first.tabIndex = 0; }
    if (keep) { keep.focus(); }
    // The choices that are not cards of the hand: a contract, a vote, the next deal.
    var choices = $("choices");
    choices.textContent = "";
    legal.others.forEach(function (action) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.setAttribute("data-action", action);
      button.textContent = action.split(" ").map(function (p) { return CARD.test(p) ? cardFace(p) : p; }).join(" ");
      button.setAttribute("aria-label", action.split(" ").map(function (p) { return CARD.test(p) ? cardName(p) : p; }).join(" "));
      choices.appendChild(button);
    });
    $("compose").hidden = !legal.compose;
    showPack(legal.pack);
    if (legal.compose) {
      say("compose-hint", "Choose the cards of your " + (v.phase === "bids" ? "bid" : v.phase.replace(/s$/, "")) +
        ", then send them. For example: " + legal.example.split(" ").map(cardFace).join(" ") + ".");
      $("compose").setAttribute("data-example", legal.example);
    }
    var status;
    if (v.over) {
      status = "The game is over.";
    } else if (mine) {
      status = legal.compose ? "Your turn: choose your cards, then send them." :
        legal.cards.length ? "Your turn: play a card (the marked cards are legal)." : "Your turn: choose.";
    } else {
      status = "Waiting for " + v.to_act.join(", ") + ".";
    }
    say("status", "Phase: " + v.phase + ". " + status);
    var ruleset = typeof v.record === "string" ? /\[Ruleset "([^"]+)"\]/.exec(v.record) : null;
    say("table-ending", ruleset ? ending(ruleset[1]) : "");
    var body = $("scores").querySelector("tbody");
    body.textContent = "";
    Object.keys(v.totals).forEach(function (player) {
      var row = document.createElement("tr");
      var who = document.createElement("th");
      who.scope = "row";
      // A seat left unnamed is You already: no "You (you)".
      who.textContent = player + (player === game.seat && player !== "You" ? " (you)" : "");
      var total = document.createElement("td");
      total.textContent = String(v.totals[player]);
      row.appendChild(who);
      row.appendChild(total);
      body.appendChild(row);
    });
    say("winners", v.over && v.winners.length ? "Winner: " + v.winners.join(" and ") + "." : "");
    var record = typeof v.record === "string" ? v.record : JSON.stringify(v.record, null, 1);
    say("record", record);
    // The deal in progress, as the record writes it: the record's last part.
    var parts = record.trim().split(/\n\s*\n/);
    say("deal", parts.length > 1 ? parts[parts.length - 1] : "");
    $("downloads").hidden = !v.over;
    document.body.setAttribute("data-version", String(v.version));
    document.body.setAttribute("data-to-act", v.to_act.join(" "));
  }

  // A row of a suit's cards, each a button named in words ("queen of hearts"); ``dress`` adds
  // what the row's use needs.
  function suitRow(suit, cards, dress) {
    var row = document.createElement("div");
    row.className = "suit";
    var name = document.createElement("span");
    name.className = "suit-name";
    name.textContent = SUITS[suit][0] + " " + SUITS[suit][1];
    row.appendChild(name);
    cards.forEach(function (card) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "card" + (suit === "H" || suit === "D" ? " red" : "");
      button.setAttribute("data-card", card);
      button.textContent = cardFace(card);
      button.setAttribute("aria-label", cardName(card));
      dress(button, card);
      row.appendChild(button);
    });
    return row;
  }

  // The whole pack, to choose cards from that need not be in the hand.
  function showPack(shown) {
    var pack = $("pack");
    pack.hidden = !shown;
    if (!shown || pack.childElementCount) { syncChosen(); return; }
    ["S", "H", "D", "C"].forEach(function (suit) {
      var cards = ORDER.map(function (rank) { return rank + suit; });
      pack.appendChild(suitRow(suit, cards, function () {}));
    });
    syncChosen();
  }

  function syncChosen() {
    document.querySelectorAll("#hand .card, #pack .card").forEach(function (button) {
      if ($("compose").hidden) { button.removeAttribute("aria-pressed"); return; }
      button.setAttribute("aria-pressed", chosen.indexOf(button.getAttribute("data-card")) >= 0 ? "true" : "false");
    });
  }

  function toggle(card) {
    var at = chosen.indexOf(card);
    if (at >= 0) { chosen.splice(at, 1); } else { chosen.push(card); }
    syncChosen();
  }

  // Keys in the hand: the arrows move between the cards (one of them is in the Tab order).
  $("hand").addEventListener("keydown", function (event) {
    var cards = Array.prototype.slice.call($("hand").querySelectorAll(".card"));
    var at = cards.indexOf(document.activeElement);
    if (at < 0) { return; }
    var step = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[event.key];
    var to = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1 : step ? at + step : -1;
    if (to < 0 || to >= cards.length) { return; }
    event.preventDefault();
    cards[at].tabIndex = -1;
    cards[to].tabIndex = 0;
    cards[to].focus();
  });

  $("hand").addEventListener("click", function (event) {
    var button = event.target.closest(".card");
    if (!button || !view) { return; }
    var card = button.getAttribute("data-card");
    if (!$("compose").hidden) { toggle(card); return; }
    act(card);
  });
  $("pack").addEventListener("click", function (event) {
    var button = event.target.closest(".card");
    if (button) { toggle(button.getAttribute("data-card")); }
  });

  $("choices").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-action]");
    if (button) { act(button.getAttribute("data-action")); }
  });
  $("send-chosen").addEventListener("click", function () {
    if (chosen.length) { act(chosen.join(" ")); } else { say("refusal", "Choose at least one card first."); }
  });
  $("clear-chosen").addEventListener("click", function () {
    chosen = [];
    syncChosen();
  });
  $("typed-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var typed = $("typed").value.trim();
    if (typed) { act(typed); }
  });
  $("downloads").addEventListener("click", function (event) {
    var format = event.target.getAttribute("data-format");
    if (!format) { return; }
    api("/v1/games/" + encodeURIComponent(game.game) + "/record?format=" + format).then(function (answer) {
      if (answer.status !== 200) { say("refusal", answer.data.detail || "The record cannot be had yet."); return; }
      var text = format === "json" ? JSON.stringify(answer.data.record, null, 2) : answer.data.record;
      var link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([text], {type: format === "json" ? "application/json" : "text/plain"}));
      link.download = "game-" + game.game + "." + format;
      document.body.appendChild(link);
      link.click();
      link.remove();
    }).catch(function () {});
  });
  $("leave").addEventListener("click", function () {
    game = null;
    view = null;
    clearTimeout(timer);
    history.replaceState(null, "", location.pathname);
    $("table").hidden = true;
    $("new-table").hidden = false;
  });

  // How a game of a ruleset ends, in the words of its rule, as the page was given it.
  function ending(ruleset) {
    var option = $("ruleset").querySelector('option[value="' + ruleset + '"]');
    return option ? option.getAttribute("data-ending") : "";
  }
  $("ruleset").addEventListener("change", function () { say("ending", ending($("ruleset").value)); });

  $("new-table").addEventListener("submit", function (event) {
    event.preventDefault();
    var readings = {};
    $("readings").value.split(",").forEach(function (pair) {
      var at = pair.indexOf("=");
      if (at > 0) { readings[pair.slice(0, at).trim()] = pair.slice(at + 1).trim(); }
    });
    // The person in the seat chosen, bots of one level in the others.
    var name = $("name").value.trim();
    var players = BOT_NAMES.filter(function (n) { return n !== name; }).slice(0, SEATS - 1);
    var bots = {};
    players.forEach(function (n) { bots[n] = $("bots").value; });
    players.splice(Number($("seat").value), 0, name);
    game = null;
    api("/v1/games", {ruleset: $("ruleset").value, players: players, readings: readings, bots: bots,
                      seed: $("seed").value === "" ? null : Number($("seed").value)})
      .then(function (answer) {
        if (answer.status !== 201) {
          say("connection", "The game cannot start: " + (answer.data.detail || "the server refused it") + ".");
          return;
        }
        game = {game: answer.data.id, seat: name, token: answer.data.tokens.seats[name]};
        history.replaceState(null, "", "#game=" + encodeURIComponent(game.game) + "&seat=" +
          encodeURIComponent(game.seat) + "&token=" + encodeURIComponent(game.token));
        refresh();
      })
      .catch(function () {});
  });

  game = parseHash();
  if (game) { refresh(); }
})();

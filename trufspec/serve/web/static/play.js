// The play page: a client of the hosted-game API (/v1/games) holding one seat's token, or the
// watch token, so it only ever sees what that seat (or any watcher) may see.  The game, the
// seat and the token live in the address's fragment, which the browser never sends to the
// server: the fragment is the whole session, so a reload, a second device or a restarted server
// brings the player back to the same seat.  The page draws the table from the view (the current
// deal as a JSON record) and follows the game's event stream, read with fetch so that the token
// goes in the Authorization header and never in an address; each event makes it read the view
// again.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var SUITS = JSON.parse($("table").getAttribute("data-suits"));  // letter: [symbol, name, class]
  var RANKS = {A: "ace", K: "king", Q: "queen", J: "jack"};
  var CARD = /^(10|[2-9AKQJ])([SHDC])$/;
  var ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
  var PLACES = ["bottom", "left", "top", "right"];
  // What the table needs of each game, by id, as its descriptor says: what its rules call a deal
  // (deal), whether its bids are declarations and the targets they state (declarations), and what
  // a game without tricks is at in each phase, said in the middle of the cloth (stages).
  var GAMES = JSON.parse($("table").getAttribute("data-games"));
  var STOCK_SIZE = 4;      // Ruff and Honours' stock: the four cards left after the deal
  var HOLD_MS = 1500;     // how long a trick just won stays on the table before it is gathered
  var game = null;        // {game, seat, token} or {game, watch}
  var view = null;        // the last view
  var chosen = [];        // cards chosen for a bid or a claim
  var lost = false;
  var busy = false;
  var timer = null;       // the next look at the view while no stream is open
  var stream = null;      // the open event stream's AbortController
  var lastEvent = null;   // the id of the last event received: where a new stream resumes
  var ended = false;      // the game is over: its stream is not opened again
  var shownTricks = {};   // trick numbers already shown whole, by deal
  var held = null;        // a trick kept on the table a moment after it was won
  var showLast = false;

  function parseHash() {
    var found = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
      var at = pair.indexOf("=");
      if (at > 0) { found[pair.slice(0, at)] = decodeURIComponent(pair.slice(at + 1)); }
    });
    if (found.game && found.token && found.seat) { return {game: found.game, seat: found.seat, token: found.token}; }
    if (found.game && found.watch) { return {game: found.game, seat: null, token: found.watch, watch: true}; }
    return null;
  }

  function link(fragment) { return location.origin + location.pathname + "#" + fragment; }
  function seatFragment(id, seat, token) {
    return "game=" + encodeURIComponent(id) + "&seat=" + encodeURIComponent(seat) + "&token=" + encodeURIComponent(token);
  }
  function watchFragment(id, token) { return "game=" + encodeURIComponent(id) + "&watch=" + encodeURIComponent(token); }

  function cardName(card) {
    var m = CARD.exec(card);
    return m ? (RANKS[m[1]] || m[1]) + " of " + SUITS[m[2]][1] : card;
  }
  function cardFace(card) {
    var m = CARD.exec(card);
    return m ? m[1] + SUITS[m[2]][0] : card;
  }
  // A choice that is not a card, in the words of the table rather than the notation's.
  function choiceLabel(action, v, deal) {
    var parts = action.split(" ");
    if (action === "deal") { return "Deal the next " + unitOf(deal); }
    if ((v.phase === "votes" || v.phase === "decide") && deal.players.indexOf(action) >= 0) { return "Vote " + action + " off"; }
    if (action === "abstain") { return "Hand in no slip"; }
    if (parts[0] === "off" && parts.length === 2) { return parts[1] + " goes off"; }
    if (parts[0] === "early-reveal") {
      return parts[1] + " showed a secret card early" + ({intentional: ", on purpose", "void": ", which voids the game"}[parts[2]] || "");
    }
    if (parts[0] === "misdeal") {
      return "The dealer erred" + ({waived: ", and the table lets it pass", "before-public": ", before any public card"}[parts[1]] || "");
    }
    if (parts[0] === "bribe") { return parts[1] + " offered a bribe"; }
    if (action === "pass") { return "Make no TROMP! call"; }
    var call = /^tromp "(.*)"$/.exec(action);
    if (call) { return "Call TROMP!: " + call[1]; }
    return null;
  }
  // The choices a table states about what went wrong, kept apart from the player's own choices.
  function irregular(action) { return /^(early-reveal|misdeal|bribe)\b/.test(action); }

  function words(text) {
    return String(text).split(" ").map(function (p) { return CARD.test(p) ? cardFace(p) : p; }).join(" ");
  }
  function spoken(text) {
    return String(text).split(" ").map(function (p) { return CARD.test(p) ? cardName(p) : p; }).join(" ");
  }

  function say(id, text) { $(id).textContent = text; }
  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) { made.className = className; }
    if (text !== undefined) { made.textContent = text; }
    return made;
  }
  // A card face as the report draws it: its rank and suit symbol in the suit's colour.
  function face(card, tag) {
    var m = CARD.exec(card);
    var made = element(tag || "span", "face " + (m ? SUITS[m[2]][2] : ""), cardFace(card));
    made.setAttribute("aria-label", cardName(card));
    made.setAttribute("data-card", card);
    return made;
  }

  function connection(isLost) {
    if (isLost && !lost) {
      say("connection", "The connection to the server is lost. Reconnecting every 2 seconds; your game is kept.");
    } else if (!isLost && lost) {
      say("connection", "Connected again: the game goes on.");
      setTimeout(function () { if (!lost) { say("connection", ""); } }, 4000);
    }
    lost = isLost;
    document.body.setAttribute("data-connection", isLost ? "reconnecting" : "open");
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

  function gamePath(tail) { return "/v1/games/" + encodeURIComponent(game.game) + (tail || ""); }

  // The game cannot be shown with this link: said in words, and the table put away.
  function unopened(status) {
    stop();
    $("table").hidden = true;
    $("new-table").hidden = false;
    say("problem", status === 403 || status === 404 ?
      "This link does not open a seat of this game, or the game no longer exists. Ask whoever started the game for a new link." :
      "This game cannot be shown now (the server answered " + status + "). Try the link again later.");
  }

  function refresh() {
    if (!game) { return Promise.resolve(); }
    return api(gamePath("?format=json"))
      .then(function (answer) {
        if (answer.status !== 200) { unopened(answer.status); return; }
        say("problem", "");
        show(answer.data);
        follow();
      })
      .catch(function () {})
      .then(function () { if (!stream && game) { pollLater(); } });
  }

  // Only while no stream is open (before the first view, or the server is out of reach).
  function pollLater() {
    clearTimeout(timer);
    if (!ended) { timer = setTimeout(refresh, 2000); }
  }

  var soon = null;
  function refreshSoon() {
    clearTimeout(soon);
    soon = setTimeout(refresh, 30);
  }

  // The game's event stream, read with fetch so that the token goes in a header.  Each event
  // makes the page read the view again; a lost stream is opened again from the last event
  // received (Last-Event-ID), so no action is missed.
  function follow() {
    if (stream || ended || !game || !view) { return; }
    var controller = new AbortController();
    stream = controller;
    clearTimeout(timer);
    var headers = {Authorization: "Bearer " + game.token, Accept: "text/event-stream"};
    // The first stream goes on from the view just read; a stream opened again, from the last
    // event received, even when a view read meanwhile is further on: its events are still told.
    if (lastEvent === null) { lastEvent = view.version; }
    headers["Last-Event-ID"] = String(lastEvent);
    fetch(gamePath("/events"), {headers: headers, signal: controller.signal, cache: "no-store"})
      .then(function (response) {
        if (response.status !== 200 || !response.body) { throw {status: response.status}; }
        connection(false);
        document.body.setAttribute("data-stream", "open");
        var reader = response.body.getReader();
        var decoder = new TextDecoder();
        var buffer = "";
        function pump() {
          return reader.read().then(function (chunk) {
            if (chunk.done) { throw {closed: true}; }
            buffer += decoder.decode(chunk.value, {stream: true});
            var blocks = buffer.split(/\r?\n\r?\n/);
            buffer = blocks.pop();
            blocks.forEach(received);
            return pump();
          });
        }
        return pump();
      })
      .catch(function (why) {
        if (stream !== controller) { return; }
        stream = null;
        document.body.setAttribute("data-stream", "closed");
        if (!game || ended) { return; }
        if (why && why.status) { pollLater(); return; }  // a refused stream: look at the view now and then
        connection(true);
        setTimeout(function () { if (game && !stream) { refresh(); } }, 2000);
      });
  }

  function stop() {
    if (stream) { var open = stream; stream = null; open.abort(); }
    clearTimeout(timer);
  }

  function received(block) {
    var name = "message", data = "", id = null;
    block.split(/\r?\n/).forEach(function (line) {
      if (!line || line.charAt(0) === ":") { return; }
      var at = line.indexOf(":");
      var field = at < 0 ? line : line.slice(0, at);
      var value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "event") { name = value; } else if (field === "data") { data += value; } else if (field === "id") { id = value; }
    });
    if (id !== null && /^\d+$/.test(id)) { lastEvent = Number(id); }
    if (!data) { return; }
    var event = {};
    try { event = JSON.parse(data); } catch (e) { return; }
    if (name === "action" && event.seat) {
      var mine = game && event.seat === game.seat;
      say("announce", (mine ? "You" : event.seat) + (event.action ? (mine ? " chose " : " chose ") + spoken(event.action) : " acted") + ".");
    } else if (name === "deal-end") {
      say("announce", "The deal is over and scored.");
    } else if (name === "game-end") {
      ended = true;
      say("announce", "The game is over.");
    }
    refreshSoon();
  }

  function act(action) {
    if (busy || !view || !game || game.watch) { return; }
    busy = true;
    say("refusal", "");
    api(gamePath("/actions"), {action: action, seat: game.seat, version: view.version, format: "json"})
      .then(function (answer) {
        busy = false;
        if (answer.status === 200) {
          chosen = [];
          show(answer.data.view);
          return;
        }
        // The game moved before the action arrived (a conflict has no rule's code).  When it
        // was this seat's own action, sent twice (a double click, a second tab), nothing is said.
        if (answer.status === 409 && !answer.data.code) {
          var cards = action.split(" ");
          return refresh().then(function () {
            var gone = cards.every(function (c) { return CARD.test(c) && view.hand.indexOf(c) < 0; });
            if (!gone) { say("refusal", "Another player acted first: your choice was not sent on. Here is the table as it is now."); }
          });
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
    var head = element("p", "", "Refused: ");
    if (problem.code && problem.clause) {
      var rule = element("a", "refused-code", problem.code + " " + problem.clause);
      rule.href = "/rules/clause/" + encodeURIComponent(problem.code);
      head.appendChild(rule);
      head.appendChild(document.createTextNode(": "));
    } else if (problem.code) {
      head.appendChild(document.createTextNode(problem.code + ": "));
    }
    // Said to this seat in the second person when the refusal is of its own action.
    head.appendChild(document.createTextNode(problem.said_to_seat || problem.detail || "the referee refused this."));
    box.appendChild(head);
    if (problem.citation) {
      box.appendChild(element("blockquote", "tf-quote", "“" + problem.citation.quote + "” (" + problem.citation.locator + ")"));
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

  // ------------------------------------------------------------------ the deal, read

  // What the table shows, read off the deal's JSON record.
  function readDeal(v) {
    var record = v.record || {};
    var played = (record.games || [])[0] || {tags: [], deals: []};
    var players = [], ruleset = "", readings = "";
    played.tags.forEach(function (tag) {
      if (tag.name === "Players") { players = tag.value.split(/\s+/); }
      if (tag.name === "Ruleset") { ruleset = tag.value; }
      if (tag.name === "Options") { readings = tag.value; }
    });
    if (!players.length) { players = Object.keys(v.totals); }
    var deal = played.deals[played.deals.length - 1] || {number: 0, sections: []};
    var found = {ruleset: ruleset, readings: readings, players: players, number: deal.number, kind: deal.kind || "deal", sections: deal.sections, dealer: null, contract: null,
                 bids: {}, tricks: [], taken: {}, counted: {}, scores: {}, turned: null, ruff: null,
                 claims: {}, slips: {}, tallies: {}, calls: {}, pot: {}, off: null};
    deal.sections.forEach(function (section) {
      if (section.section === "dealer") { found.dealer = section.player; }
      if (section.section === "contract") { found.contract = section; }
      if (section.section === "bids") {
        (section.entries || []).forEach(function (entry) { found.bids[entry.player] = entry; });
      }
      if (section.section === "play") { found.tricks = section.tricks || []; }
      // Ruff and Honours: the stock's first card is turned up, its suit trumps (RH103).
      if (section.section === "stock" && section.cards && section.cards.length) { found.turned = section.cards[0]; }
      if (section.section === "ruff") { found.ruff = section; }
      if (section.section === "claims") {
        (section.entries || []).forEach(function (entry) { found.claims[entry.player] = entry.cards; });
      }
      if (section.section === "votes" || section.section === "decide") {
        (section.entries || []).forEach(function (entry) {
          if (entry.voter) { found.slips[entry.voter] = entry.target; }
          if (entry.count) { found.tallies[entry.target] = entry.count; }
        });
      }
      if (section.section === "tromp") { found.calls[section.player] = section.phrase || null; }
      if (section.section === "pot") {
        (section.entries || []).forEach(function (entry) { entry.side.forEach(function (p) { found.pot[p] = entry.value; }); });
      }
      if (section.section === "off") { found.off = section.player; }
      if (section.section === "tricks") {
        (section.entries || []).forEach(function (entry) {
          entry.side.forEach(function (p) { found.counted[p] = entry.value; });
        });
      }
      if (section.section === "score") {
        (section.entries || []).forEach(function (entry) {
          entry.side.forEach(function (p) { found.scores[p] = entry.value; });
        });
      }
    });
    // Each trick's players in the order they played, and who won it: as recorded, else the
    // next trick's leader.
    found.tricks.forEach(function (trick, at) {
      if (!trick.players || !trick.players.length) {
        var from = players.indexOf(trick.leader);
        trick.players = trick.cards.map(function (_, i) { return players[(from + i) % players.length]; });
      }
      var next = found.tricks[at + 1];
      trick.won = trick.winner || (next ? next.leader : null);
      if (!trick.won && trick.cards.length === players.length && v.phase === "play" && v.to_act.length === 1) {
        trick.won = v.to_act[0];
      }
      if (trick.won) { found.taken[trick.won] = (found.taken[trick.won] || 0) + 1; }
    });
    // The tricks the record counts at the deal's end are the ones to show.
    Object.keys(found.counted).forEach(function (p) { found.taken[p] = found.counted[p]; });
    return found;
  }

  function placeOf(deal, player) {
    var me = game && !game.watch ? deal.players.indexOf(game.seat) : 0;
    var at = deal.players.indexOf(player);
    if (at < 0) { return null; }
    return PLACES[(at - Math.max(me, 0) + deal.players.length) % deal.players.length] || null;
  }

  // ------------------------------------------------------------------ the table, drawn

  function show(v) {
    var focusedCard = document.activeElement && document.activeElement.getAttribute("data-card");
    view = v;
    if (v.over) { ended = true; }
    $("new-table").hidden = true;
    $("table").hidden = false;
    say("table-h", game.watch ? "The table (watching)" : "Your table");
    var deal = readDeal(v);
    var mine = !game.watch && !v.over && v.to_act.indexOf(game.seat) >= 0;
    var legal = mine ? legalOf(v) : {cards: [], compose: false, pack: false, others: [], example: ""};
    if (!legal.compose) { chosen = []; }
    drawSeats(v, deal);
    drawTrick(v, deal);
    drawContract(v, deal);
    // The hand, a row per suit, sorted as dealt to a player: by suit, then by rank.
    var hand = $("hand");
    hand.textContent = "";
    hand.hidden = !!game.watch;
    // Tromplemond: the cards of the seat's own public row, which every player sees, are marked.
    var onShow = [];
    deal.sections.forEach(function (section) {
      if (section.section !== "public") { return; }
      (section.entries || []).forEach(function (entry) { if (entry.player === game.seat) { onShow = entry.cards; } });
    });
    ["S", "H", "D", "C"].forEach(function (suit) {
      var cards = v.hand.filter(function (c) { var m = CARD.exec(c); return m && m[2] === suit; });
      if (!cards.length) { return; }
      cards.sort(function (a, b) { return ORDER.indexOf(CARD.exec(a)[1]) - ORDER.indexOf(CARD.exec(b)[1]); });
      hand.appendChild(suitRow(suit, cards, function (button, card) {
        var isLegal = legal.cards.indexOf(card) >= 0;
        if (isLegal) { button.classList.add("legal"); }
        if (legal.compose) {
          button.classList.add("choosable");
          button.setAttribute("aria-pressed", chosen.indexOf(card) >= 0 ? "true" : "false");
        }
        var shown = onShow.indexOf(card) >= 0;
        if (shown) { button.classList.add("on-show"); }
        button.setAttribute("aria-label", cardName(card) + (isLegal ? ", playable" : "") + (shown ? ", on show" : ""));
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
    var told = element("details", "irregular");
    told.appendChild(element("summary", "", "Tell the table of an irregularity"));
    legal.others.forEach(function (action) {
      var label = choiceLabel(action, v, deal);
      var button = element("button", "choice", label || words(action));
      button.type = "button";
      button.setAttribute("data-action", action);
      button.setAttribute("aria-label", label || spoken(action));
      (irregular(action) ? told : choices).appendChild(button);
    });
    if (told.childElementCount > 1) { choices.appendChild(told); }
    $("compose").hidden = !legal.compose;
    showPack(legal.pack);
    if (legal.compose) {
      var what = v.phase === "bids" ? "bid" : v.phase === "claims" ? "claim" : v.phase.replace(/s$/, "");
      var size = legal.example.split(" ").length;
      say("compose-hint", "Choose the cards of your " + what + (v.phase === "claims" ? " (a claim is " + size + " cards, from the whole pack)" : "") +
        ", then send them. For example: " + legal.example.split(" ").map(cardFace).join(" ") + ".");
      $("compose").setAttribute("data-example", legal.example);
    }
    $("typed-box").hidden = !!game.watch;
    var status;
    if (v.over) {
      status = "The game is over.";
    } else if (mine) {
      status = legal.compose ? "Your turn: choose your cards, then send them." :
        legal.cards.length ? "Your turn: play a card (the marked cards are legal)." : "Your turn: choose.";
    } else {
      status = "Waiting for " + v.to_act.join(", ") + ".";
    }
    say("status", "Phase: " + phaseName(v.phase) + ". " + status);
    // The ruleset's own words for its end, as its default readings have it; a table's own
    // readings (a shorter game, say) are named after them.
    say("table-ending", (deal.ruleset ? ending(deal.ruleset) : "") + (deal.readings ? " This table's readings: " + deal.readings + "." : ""));
    var unit = unitOf(deal);
    say("deal-h", "This " + unit);
    $("last-trick").parentNode.hidden = deal.kind === "round";  // Tromplemond plays no tricks
    say("scores-this", "this " + unit);
    drawSections(deal);
    drawScores(v, deal);
    say("winners", v.over && v.winners.length ? "Winner: " + v.winners.join(" and ") + "." : "");
    $("downloads").hidden = !v.over;
    document.body.setAttribute("data-version", String(v.version));
    document.body.setAttribute("data-to-act", v.to_act.join(" "));
    document.body.setAttribute("data-phase", v.phase);
    document.body.setAttribute("data-deal", String(deal.number));
  }

  function phaseName(phase) {
    return {end: "the deal is scored", bids: "bidding", play: "play", claims: "claims", votes: "votes", decide: "deciding a tie"}[phase] || phase;
  }

  function drawSeats(v, deal) {
    document.querySelectorAll("#felt .seat").forEach(function (box) { box.textContent = ""; box.hidden = true; });
    deal.players.forEach(function (player) {
      var place = placeOf(deal, player);
      var box = place && document.querySelector('#felt .seat[data-place="' + place + '"]');
      if (!box) { return; }
      box.hidden = false;
      box.setAttribute("data-player", player);
      var turn = !v.over && v.to_act.indexOf(player) >= 0;
      box.classList.toggle("to-act", turn);
      var head = element("p", "seat-name", player + (game && player === game.seat && player !== "You" ? " (you)" : ""));
      if (deal.dealer === player) {
        var dealer = element("span", "dealer", "D");
        dealer.title = "the dealer";
        dealer.setAttribute("aria-label", "the dealer");
        head.appendChild(dealer);
      }
      box.appendChild(head);
      if (turn) { box.appendChild(element("p", "turn", player === (game && game.seat) ? "your turn" : "to act")); }
      // How many cards the seat holds, as the server counts them; in Tromplemond the backs
      // are the secret row, the public row lying face up beside them.
      var left = (v.cards_left || {})[player] || 0;
      deal.sections.forEach(function (section) {
        if (section.section !== "public") { return; }
        (section.entries || []).forEach(function (entry) { if (entry.player === player) { left -= entry.cards.length; } });
      });
      if (!(game && player === game.seat) && left > 0) {
        var backs = element("span", "backs");
        var held = left + (deal.kind === "round" ? " secret cards" : " cards left");
        backs.setAttribute("aria-label", held);
        backs.title = held;
        for (var i = 0; i < left; i++) { backs.appendChild(element("span", "back")); }
        box.appendChild(backs);
      }
      // A row of cards laid face up for all (Tromplemond's public row), at the seat.
      deal.sections.forEach(function (section) {
        if (section.section !== "public") { return; }
        (section.entries || []).forEach(function (entry) {
          if (entry.player !== player || !entry.cards.length) { return; }
          box.appendChild(cardRow("public row", player + "'s public row", entry.cards));
        });
      });
      // Ruff and Honours: the stock lies by the dealer, its top card turned up, until it is
      // taken in the ruff.
      if (deal.turned && deal.dealer === player && !deal.ruff) {
        var stock = cardRow("turned up", "the turned card, on the stock", [deal.turned]);
        var rest = element("span", "backs stock");
        rest.setAttribute("aria-label", "the stock: " + STOCK_SIZE + " cards");
        for (var k = 1; k < STOCK_SIZE; k++) { rest.appendChild(element("span", "back")); }
        stock.appendChild(rest);
        box.appendChild(stock);
      }
      if (deal.claims[player]) {
        var claim = cardRow("claims", player + " claims", deal.claims[player]);
        claim.setAttribute("data-claim", player);
        box.appendChild(claim);
      }
      var facts = [];
      if (deal.ruff && deal.ruff.player === player) {
        facts.push(deal.ruff.declined ? "declined the stock" : "took the stock (the ruff)");
      }
      if (player in deal.slips) { facts.push(deal.slips[player] ? "votes " + deal.slips[player] + " off" : "handed in no slip"); }
      if (deal.tallies[player]) { facts.push(deal.tallies[player] + (deal.tallies[player] === 1 ? " vote" : " votes") + " against"); }
      if (deal.off === player) { facts.push("voted off"); }
      if (player in deal.calls) { facts.push(deal.calls[player] ? "TROMP! " + deal.calls[player] : "no TROMP! call"); }
      if (player in deal.pot) { facts.push("pot " + deal.pot[player]); }
      // Partners share a line of the totals (Ruff and Honours: "You+Budi").
      Object.keys(v.totals).forEach(function (side) {
        var members = side.split("+");
        if (members.length > 1 && members.indexOf(player) >= 0) {
          facts.push("partner of " + members.filter(function (p) { return p !== player; }).join(" and "));
        }
      });
      var bid = deal.bids[player];
      if (bid && gameOf(deal).declarations) {
        // truf-basics and truf-de: a declaration of one or two cards, and the target it states.
        if (bid.cards) { facts.push("declared " + bid.cards.map(cardFace).join(" ")); }
        if (bid.restated !== undefined && bid.restated !== null) { facts.push("target " + bid.restated); }
      } else if (bid) { facts.push("bid " + bidWords(bid)); }
      if (deal.tricks.length) { facts.push((deal.taken[player] || 0) + (deal.taken[player] === 1 ? " trick" : " tricks")); }
      if (game && player !== game.seat && left > 0) { facts.push(left + (deal.kind === "round" ? " secret" : " cards")); }
      if (facts.length) { box.appendChild(element("p", "seat-facts", facts.join(" · "))); }
    });
  }

  // A row of face-up cards at a seat, named by what they are.
  function cardRow(what, label, cards) {
    var row = element("p", "seat-row-cards");
    row.setAttribute("aria-label", label);
    row.appendChild(element("span", "row-name", what + " "));
    appendCards(row, cards);
    return row;
  }

  function bidWords(entry) {
    var said = [];
    if (entry.cards) { said.push(entry.cards.map(cardFace).join(" ")); }
    if (entry.number !== undefined && entry.number !== null) { said.push(String(entry.number)); }
    if (entry.restated !== undefined && entry.restated !== null) { said.push("= " + entry.restated); }
    return said.join(" ") || "made";
  }

  // The trick in the middle, each card at its player's side; a trick just won stays a moment
  // (HOLD_MS) before it is gathered, and the last trick is shown on request.
  function drawTrick(v, deal) {
    var box = $("trick");
    var tricks = deal.tricks;
    var whole = tricks.filter(function (t) { return t.cards.length === deal.players.length; });
    var current = tricks.length ? tricks[tricks.length - 1] : null;
    var key = deal.number + ":";
    var shown = current;
    var caption = "";
    if (current && current.cards.length < deal.players.length && whole.length) {
      var previous = whole[whole.length - 1];
      if (!shownTricks[key + previous.number]) {
        shownTricks[key + previous.number] = true;
        held = previous;
        setTimeout(function () { held = null; if (view) { drawTrick(view, readDeal(view)); } }, HOLD_MS);
      }
    } else if (current && current.cards.length === deal.players.length) {
      shownTricks[key + current.number] = true;
    }
    if (held) { shown = held; }
    if (showLast) { shown = whole.length ? whole[whole.length - 1] : null; caption = shown ? "The last trick" : "No trick has been won yet"; }
    box.textContent = "";
    // A game without tricks (Tromplemond): the middle of the cloth says what the round is at.
    if (!shown && !caption) { caption = gameOf(deal).stages[v.phase] || ""; }
    if (!shown) { if (caption) { box.appendChild(element("p", "trick-caption", caption)); } return; }
    shown.cards.forEach(function (card, i) {
      var player = shown.players[i];
      var placed = face(card, "span");
      placed.className += " played at-" + (placeOf(deal, player) || "top");
      placed.setAttribute("aria-label", player + ": " + cardName(card));
      box.appendChild(placed);
    });
    if (shown.won && shown.cards.length === deal.players.length) {
      caption = (caption ? caption + ": " : "") + "won by " + shown.won;
    }
    if (caption) { box.appendChild(element("p", "trick-caption", caption)); }
    box.setAttribute("data-trick", String(shown.number));
  }

  // The game of a deal, as the page was given it (a plain game of deals where it was not).
  function gameOf(deal) {
    return GAMES[deal.ruleset] || {deal: "deal", declarations: false, stages: {}};
  }

  // What a ruleset calls one deal of its game (a round, a hand), as its descriptor says.
  function unitOf(deal) { return gameOf(deal).deal; }

  function suitWords(suit) { return suit === "NT" ? "no trump" : SUITS[suit][0] + " " + SUITS[suit][1]; }

  // The deal's number and what rules its play: the contract (who won the bid, trump, Main Atas
  // or Main Bawah), or Ruff and Honours' turned card and the partnerships.
  function drawContract(v, deal) {
    var unit = unitOf(deal);
    var said = [unit.charAt(0).toUpperCase() + unit.slice(1) + " " + deal.number];
    var contract = deal.contract;
    var trump = contract && contract.trump;
    if (contract) {
      if (contract.winner) { said.push("contract to " + contract.winner); }
      if (trump) { said.push("trump " + suitWords(trump)); }
      if (contract.mode) { said.push("Main " + contract.mode.charAt(0).toUpperCase() + contract.mode.slice(1)); }
    }
    if (deal.turned) {
      trump = CARD.exec(deal.turned)[2];
      said.push("trump " + suitWords(trump) + " (the turned card, " + cardFace(deal.turned) + ")");
    }
    var sides = Object.keys(v.totals).filter(function (side) { return side.indexOf("+") > 0; });
    if (sides.length) { said.push(sides.map(function (side) { return side.split("+").join(" & "); }).join(" against ")); }
    var box = $("contract");
    box.textContent = said.join(" · ") + ".";
    if (trump && trump !== "NT") { box.setAttribute("data-trump", trump); } else { box.removeAttribute("data-trump"); }
  }

  var SECTION_NAMES = {stock: "stock", undealt: "undealt", discards: "discards", public: "public rows",
    secret: "secret rows", claims: "claims", bids: "bids", votes: "votes", decide: "tie decided", pot: "pot",
    honours: "honours", ruff: "ruff", tricks: "tricks taken", score: "score", total: "totals", cut: "cut",
    tromp: "TROMP! call", bribe: "bribe", off: "voted off", misdeal: "misdeal", "early-reveal": "early reveal"};

  // Every part of the deal the felt does not draw, in words: a ruleset's own objects (the
  // stock, the turned card, Tromplemond's rows, claims, votes and pot, partnerships' scores).
  function drawSections(deal) {
    var list = $("sections");
    list.textContent = "";
    deal.sections.forEach(function (section) {
      var kind = section.section;
      // The dealer, the contract and the trick in play are on and above the cloth already.
      if (kind === "dealer" || kind === "contract" || kind === "play" || kind === "hands" || !SECTION_NAMES[kind]) { return; }
      var value = element("dd");
      if (section.cards) { appendCards(value, section.cards); }
      (section.entries || []).forEach(function (entry, i) {
        if (i) { value.appendChild(document.createTextNode("; ")); }
        if (entry.side) { value.appendChild(document.createTextNode(entry.side.join(" & ") + " " + entry.value)); return; }
        if (entry.target !== undefined) {
          value.appendChild(document.createTextNode((entry.voter ? entry.voter + " votes " : "") + (entry.target || "nobody") + (entry.count ? " ×" + entry.count : "")));
          return;
        }
        value.appendChild(document.createTextNode(entry.player + ": "));
        if (entry.cards) { appendCards(value, entry.cards); }
        if (section.section === "bids") { value.appendChild(document.createTextNode(bidWords({number: entry.number, restated: entry.restated}))); }
      });
      if (kind === "tromp") { value.appendChild(document.createTextNode(section.phrase ? " calls TROMP!: " + section.phrase : " passes")); }
      if (kind === "ruff" || kind === "tromp" || kind === "bribe" || kind === "off") {
        value.appendChild(document.createTextNode(section.player || ""));
        if (section.discards) { appendCards(value, section.discards); }
        if (section.declined) { value.appendChild(document.createTextNode(" declined")); }
      }
      if (section.incomplete) { value.appendChild(document.createTextNode(" …")); }
      if (!value.textContent.trim()) { value.textContent = "none yet"; }
      // A claim names cards wherever they are, not cards its player holds.
      if (kind === "claims") { value.setAttribute("data-claim", ""); }
      list.appendChild(element("dt", "", kind === "bids" && gameOf(deal).declarations ? "declarations" : SECTION_NAMES[kind]));
      list.appendChild(value);
    });
  }

  function appendCards(into, cards) {
    cards.forEach(function (card) { into.appendChild(CARD.test(card) ? face(card) : document.createTextNode(card)); into.appendChild(document.createTextNode(" ")); });
  }

  function drawScores(v, deal) {
    var body = $("scores").querySelector("tbody");
    body.textContent = "";
    Object.keys(v.totals).forEach(function (player) {
      var row = element("tr");
      var who = element("th", "", player + (game && player === game.seat && player !== "You" ? " (you)" : ""));
      who.scope = "row";
      row.appendChild(who);
      row.appendChild(element("td", "", deal.scores[player] === undefined ? "" : String(deal.scores[player])));
      row.appendChild(element("td", "", String(v.totals[player])));
      body.appendChild(row);
    });
  }

  // A row of a suit's cards, each a button named in words ("queen of hearts"); ``dress`` adds
  // what the row's use needs.
  function suitRow(suit, cards, dress) {
    var row = element("div", "suit");
    row.appendChild(element("span", "suit-name " + SUITS[suit][2], SUITS[suit][0] + " " + SUITS[suit][1]));
    cards.forEach(function (card) {
      var button = element("button", "card" + (suit === "H" || suit === "D" ? " red" : ""), cardFace(card));
      button.type = "button";
      button.setAttribute("data-card", card);
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

  // ------------------------------------------------------------------ invites

  function invitesKey(id) { return "trufspec-invites:" + id; }

  function showInvites() {
    var list = $("invite-list");
    list.textContent = "";
    var kept = game && sessionStorage.getItem(invitesKey(game.game));
    var invites = kept ? JSON.parse(kept) : [];
    $("invites").hidden = !invites.length;
    invites.forEach(function (invite, i) {
      var item = element("li", "invite");
      var label = element("label", "", invite.label);
      label.htmlFor = "invite-" + i;
      var field = element("input");
      field.id = "invite-" + i;
      field.readOnly = true;
      field.value = invite.link;
      field.setAttribute("data-seat", invite.seat || "");
      var copy = element("button", "copy", "Copy");
      copy.type = "button";
      copy.setAttribute("aria-label", "Copy " + invite.label);
      copy.addEventListener("click", function () {
        field.select();
        var done = function () { copy.textContent = "Copied"; setTimeout(function () { copy.textContent = "Copy"; }, 2000); };
        if (navigator.clipboard) { navigator.clipboard.writeText(invite.link).then(done, function () { document.execCommand("copy"); done(); }); } else { document.execCommand("copy"); done(); }
      });
      item.appendChild(label);
      item.appendChild(field);
      item.appendChild(copy);
      list.appendChild(item);
    });
  }

  // ------------------------------------------------------------------ events of the page

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
  $("last-trick").addEventListener("click", function () {
    showLast = !showLast;
    $("last-trick").setAttribute("aria-pressed", String(showLast));
    say("last-trick", showLast ? "Back to the trick in play" : "Show the last trick");
    if (view) { drawTrick(view, readDeal(view)); }
  });
  $("typed-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var typed = $("typed").value.trim();
    if (typed) { act(typed); }
  });
  $("downloads").addEventListener("click", function (event) {
    var format = event.target.getAttribute("data-format");
    if (!format) { return; }
    api(gamePath("/record?format=" + format)).then(function (answer) {
      if (answer.status !== 200) { say("refusal", answer.data.detail || "The record cannot be had yet."); return; }
      var text = format === "json" ? JSON.stringify(answer.data.record, null, 2) : answer.data.record;
      var download = document.createElement("a");
      download.href = URL.createObjectURL(new Blob([text], {type: format === "json" ? "application/json" : "text/plain"}));
      download.download = "game-" + game.game + "." + format;
      document.body.appendChild(download);
      download.click();
      download.remove();
    }).catch(function () {});
  });
  $("leave").addEventListener("click", function () {
    stop();
    game = null;
    view = null;
    history.replaceState(null, "", location.pathname);
    $("table").hidden = true;
    $("invites").hidden = true;
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
    say("problem", "");
    var readings = {};
    $("readings").value.split(",").forEach(function (pair) {
      var at = pair.indexOf("=");
      if (at > 0) { readings[pair.slice(0, at).trim()] = pair.slice(at + 1).trim(); }
    });
    var players = [], bots = {}, you = null;
    for (var seat = 1; $("seat-name-" + seat); seat++) {
      var name = $("seat-name-" + seat).value.trim();
      var who = $("seat-who-" + seat).value;
      players.push(name);
      if (who === "you") {
        if (you !== null) { say("problem", "Only one seat can be yours: choose “a person you invite” for the others."); return; }
        you = name;
      } else if (who !== "person") {
        bots[name] = who;
      }
    }
    if (new Set(players).size !== players.length) { say("problem", "Each seat needs a name of its own."); return; }
    // A seat called "You" reads as the reader's own on every other person's page.
    var invited = players.some(function (name, i) { return $("seat-who-" + (i + 1)).value === "person"; });
    if (invited && players.some(function (name) { return name.toLowerCase() === "you"; })) {
      say("problem", "With people invited, no seat can be called “You”: on their pages it would read as their own seat. Give each seat a name.");
      return;
    }
    api("/v1/games", {ruleset: $("ruleset").value, players: players, readings: readings, bots: bots,
                      seed: $("seed").value === "" ? null : Number($("seed").value)})
      .then(function (answer) {
        if (answer.status !== 201) {
          say("problem", "The game cannot start: " + (answer.data.detail || "the server refused it") + ".");
          return;
        }
        var id = answer.data.id, tokens = answer.data.tokens;
        var invites = [];
        players.forEach(function (player) {
          if (tokens.seats[player] && player !== you) {
            invites.push({seat: player, label: "The link for " + player + "'s seat", link: link(seatFragment(id, player, tokens.seats[player]))});
          }
        });
        invites.push({seat: null, label: "The watch link (anyone may watch)", link: link(watchFragment(id, tokens.watch))});
        sessionStorage.setItem(invitesKey(id), JSON.stringify(invites));
        open(you ? seatFragment(id, you, tokens.seats[you]) : watchFragment(id, tokens.watch));
      })
      .catch(function () {});
  });

  function open(fragment) {
    stop();
    history.replaceState(null, "", "#" + fragment);
    begin();
  }

  function begin() {
    game = parseHash();
    view = null;
    lastEvent = null;
    ended = false;
    if (!game) { return; }
    showInvites();
    refresh();
  }

  // A link opened in the same tab (another seat's, pasted) starts over from its fragment.
  window.addEventListener("hashchange", function () { stop(); begin(); });
  begin();
})();

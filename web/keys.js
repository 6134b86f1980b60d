// The game screen by keyboard, and the focus. After each screen the board's choices become buttons named by Python's
// labels (one Tab stop; the arrows go between them, where malefiz.core.spatial.toward says) and the focus goes where
// the turn goes on; the move list goes line by line; the focus box shows after keys, not after a pointer. Every
// key's meaning is Python's key table (malefiz.app.key_command). page.js makes it once, handing over what it shares.
window.pageKeys = function (page) {
  "use strict";
  var $ = page.$, $$ = page.$$, board = page.board, log = page.log, die = page.die, viewing = page.viewing;
  var call = page.call, run = page.run, userRun = page.userRun, act = page.act;
  var focusKeys = [];  // the board's choices now, by data-key
  // The last input was a key (true) or a pointer (false): the focus box only after keys. Before any input, a touch
  // screen counts as a pointer (a reload draws no box round where the turn goes on); elsewhere the browser decides.
  var byKeys = matchMedia("(pointer: coarse)").matches ? false : null;
  var keys = null;  // the key table (malefiz.bridge.key_table), once Python is ready

  /** The board element with data-key `key` drawn on top (a piece over its field; a house, not a piece in it). */
  function keyed(key) {
    var found = board.querySelectorAll('[data-key="' + key + '"]');
    for (var i = found.length - 1; i >= 0; i -= 1) {
      if (!found[i].parentElement.closest('[data-key="' + key + '"]')) return found[i];
    }
    return null;
  }

  /** After each screen: the board's choices become buttons named by Python's labels, one Tab stop among them, and
   * the focus goes where the turn goes on when it was on the board or the turn's buttons (or lost). */
  function mark(screen) {
    focusKeys = [];
    var svg = board.querySelector("svg");
    if (svg) svg.setAttribute("role", screen.labels.length ? "group" : "img");
    screen.labels.forEach(function (pair) {
      var element = keyed(pair[0]);
      if (!element) return;
      element.setAttribute("tabindex", focusKeys.length ? "-1" : "0");  // one Tab stop: the arrows go between them
      element.setAttribute("role", "button");
      element.setAttribute("aria-label", pair[1]);
      focusKeys.push(pair[0]);
    });
    if (!page.lost() && !document.activeElement.closest("#board, .turn")) return;
    if (screen.can_roll || focusKeys.length) (screen.can_roll ? die : keyed(focusKeys[0])).focus(focusOptions());
    else if (screen.winner) {
      $('[data-winner] .primary:not([hidden]), [data-winner] [data-action="setup"]').focus(focusOptions());
      $("[data-winner]").closest(".side").scrollTop = $("[data-winner]").offsetTop - 8;  // who won in sight (a phone on its side), above the button
    } else $("[data-status]").focus(focusOptions());  // nothing to act on (the computer's turn): what goes on
  }

  /** How to focus: with the focus box after keys, without after a pointer (the browser's own way before either). */
  function focusOptions() { return byKeys === null ? {} : {focusVisible: byKeys}; }

  /** Where each of the board's choices is on the screen (its middle), for Python to go between them. */
  function spots() {
    var found = {};
    focusKeys.forEach(function (key) {
      var element = keyed(key);
      if (!element) return;
      var b = element.getBoundingClientRect();
      found[key] = [b.x + b.width / 2, b.y + b.height / 2];
    });
    return found;
  }

  /** A key on the page: Enter on the file field or a name box, else what Python's key table makes of it. */
  function onKey(event) {
    var target = event.target;
    byKeys = true;
    if (event.key === "Enter" && target.matches("[data-load-file], #setup input[type=text]")) {
      event.preventDefault();  // Enter opens the file choice as Space does, and starts the game from a name box
      return void (target.matches("[data-load-file]") ? target.click() : act("start"));
    }
    if (!keys || target.closest("input, select, textarea, dialog") || $("#play").hidden) return;
    var entry = Object.prototype.hasOwnProperty.call(keys, event.key) ? keys[event.key] : null;
    var command = entry && entry[event.ctrlKey || event.metaKey ? 1 : event.altKey ? 2 : 0];
    var inLog = target.closest("[data-log]") && ["roll", "hint", "undo", "redo"].indexOf(command) < 0;  // these work from it
    if (inLog) return void logKey(event, target, command);
    if (!command || target.closest("[data-stats]")) return;  // a panel that scrolls keeps its arrows
    if (!viewing.hidden) {  // a past position is shown: Escape goes back to the game
      if (command === "cancel") run("screen");
      return;
    }
    if (command === "cancel") return void run("cancel");
    var current = target.closest("#board [data-key]");
    if (command === "act" && !current) return;
    event.preventDefault();
    if (["roll", "hint", "undo", "redo"].indexOf(command) >= 0) act(command);
    else if (command === "act") {
      if (!page.busy()) userRun("click", current.dataset.key);
    } else {
      call("toward", spots(), current ? current.dataset.key : null, command).then(function (reply) {
        var to = reply.value === null ? null : keyed(reply.value);
        if (to) $$("#board [tabindex]").forEach(function (e) { e.tabIndex = e === to ? 0 : -1; });  // Tab comes back to it
        if (to) to.focus(focusOptions());
      });
    }
  }

  /** The move list by keyboard: down and up go from line to line (the list itself: to its first), Enter or Space
   * shows a line's position, Escape goes back to the game. */
  function logKey(event, target, command) {
    var lines = Array.from(log.children), at = lines.indexOf(target.closest("li"));
    var to = command === "down" ? lines[at + 1] : command === "up" && at > 0 ? lines[at - 1] : null;
    if (to || command === "up" || command === "down") event.preventDefault();
    if (to) to.focus();
    else if (command === "act" && at >= 0) {
      event.preventDefault();
      page.showLine(lines[at]);
    } else if (command === "cancel" && !viewing.hidden) run("screen");
  }

  return {
    keyed: keyed,
    mark: mark,
    spots: spots,
    focusOptions: focusOptions,
    onKey: onKey,
    /** A click: by Enter or Space on a button (`byKey`), or by a pointer. */
    clicked: function (byKey) { byKeys = byKey; },
    /** The board's element `key` is one of its choices now. */
    offers: function (key) { return focusKeys.indexOf(key) >= 0; },
    /** Python's key table, once it is ready. */
    learn: function (table) { keys = table; },
  };
};

/** `box` drawn anew as `html` (hidden when empty), a keyboard's place in it kept: the focus goes back to the element of
 * the same data-seat, else of the same data-action (Who plays, the invitation's menu). */
window.redrawKeepingFocus = function (box, html) {
  "use strict";
  var focused = box.contains(document.activeElement) ? document.activeElement.dataset : null;
  box.innerHTML = html;
  box.hidden = !html;
  if (!focused) return;
  var again = focused.seat !== undefined ? box.querySelector('[data-seat="' + focused.seat + '"]')
    : focused.action !== undefined ? box.querySelector('[data-action="' + focused.action + '"]') : null;
  if (again) again.focus();
};

// The page's glue, on the page's own thread: DOM events in, messages to Python in the worker (web/worker.js,
// malefiz.bridge), the Screen of each reply drawn. Every decision is Python's (plain Python with unit tests):
// this file measures, draws, plays frames and sound and runs timers. It knows no game.
//
// Python starts in the worker while the page is already up: the setup form can be read and filled at once, and
// what a person does before Python is ready is sent to the worker, which answers it once ready, in order.
(function () {
  "use strict";
  var root = document.documentElement;
  var $ = function (selector) { return document.querySelector(selector); };
  var $$ = function (selector) { return Array.from(document.querySelectorAll(selector)); };

  /** Write `text` (HTML with `html`) into the element; hide it while there is nothing to say. */
  function say(selector, text, html) {
    var element = $(selector);
    element[html ? "innerHTML" : "textContent"] = text;
    element.hidden = !text;
  }

  /** A message at the top of the page: one that appears closes the menu, which covered it (a switch's refusal);
   * one only said again in another language leaves it open. */
  function tell(selector, text) {
    var fresh = text && $(selector).hidden;
    say(selector, text);
    if (fresh && $("#bar-menu").matches(":popover-open")) $("#bar-menu").hidePopover();
  }

  // ---- Storage: the worker works on a copy the page hands over, and the page makes every write.

  var KEPT = "malefiz.";  // the prefix of every key the app keeps
  function area(name) {
    try { return name === "local" ? window.localStorage : window.sessionStorage; } catch (error) { return null; }
  }
  function items(name) {
    var found = {}, store = area(name);
    if (!store) return found;
    for (var i = 0; i < store.length; i += 1) {
      var key = store.key(i);
      if (key && key.indexOf(KEPT) === 0) found[key] = store.getItem(key);
    }
    return found;
  }
  function writable() {
    var store = area("local");
    try { store.setItem(KEPT + "probe", "1"); store.removeItem(KEPT + "probe"); return true; } catch (error) { return false; }
  }

  // ---- The worker.

  var worker = window.python.worker;  // started by the page's head (index.html)
  var calls = new Map(), lastId = 0;
  var early = [];  // the calls made before Python was ready: sent once the page's opening is
  var asks = false;  // closing the tab asks first (the last reply said so)

  worker.addEventListener("message", function (event) {
    var message = event.data || {};
    if (message.type === "progress") return window.loadingStage && window.loadingStage(message.stage);
    if (message.type === "ready") {
      root.dataset.start = message.start;
      return openPage();
    }
    if (message.type === "failed") return window.pageFailed(message.error);
    var waiting = calls.get(message.id);
    if (!waiting) return;
    calls.delete(message.id);
    if (message.error !== undefined) waiting.reject(new Error(message.error));
    else waiting.resolve(JSON.parse(message.reply));
  });
  worker.removeEventListener("message", window.python.keep);
  window.python.kept.forEach(function (event) { worker.dispatchEvent(new MessageEvent("message", {data: event.data})); });
  worker.addEventListener("error", function (event) { window.pageFailed(event.message || "the worker stopped"); });

  /** Send a call to Python; its reply once the writes and the address it asks for are made. The page waits
   * (html[data-waiting]) for every call but "work", which changes nothing shown. */
  function call(name) {
    var args = Array.prototype.slice.call(arguments, 1);
    var id = ++lastId, counted = name !== "work";
    if (counted) waitingFor(1);
    return new Promise(function (resolve, reject) {
      calls.set(id, {resolve: resolve, reject: reject});
      var message = {id: id, call: JSON.stringify({call: name, args: args})};
      if (early) early.push(message);
      else worker.postMessage(message);
    }).then(function (reply) {
      reply.writes.forEach(function (write) {
        var store = area(write[0] === "local" ? "local" : "tab");
        try {
          if (write[2] === null) store.removeItem(write[1]);
          else store.setItem(write[1], write[2]);
        } catch (error) { call("refused"); }
      });
      if (reply.address) {
        var url = reply.address.url || location.pathname;
        history[reply.address.how === "push" ? "pushState" : "replaceState"](null, "", url);
      }
      asks = reply.asks;
      if (counted) waitingFor(-1);
      if (reply.screen) window.MalefizTogether.carry(reply.screen);  // web/together.js: whether drawn or not
      return reply;
    });
  }

  /** html[data-waiting] while a call is under way (tests wait for its end: the page's screen is then Python's). */
  var underway = 0;
  var afterwards = [];  // what waits for every answer to be drawn (see afterReplies)
  function waitingFor(change) {
    underway += change;
    root.toggleAttribute("data-waiting", underway > 0);
    if (underway === 0 && afterwards.length) setTimeout(settled, 0);  // once the last answer's screen is drawn
  }
  function settled() { if (underway === 0) afterwards.splice(0).forEach(function (then) { then(); }); }

  /** Run `then` once Python has answered everything asked before and the page shows it: Start reads the form only
   * then (a game chosen a moment before shows its own fields by then). */
  function afterReplies(then) {
    afterwards.push(then);
    if (underway === 0) setTimeout(settled, 0);
  }

  /** Send a call and draw the screen it answers with. */
  function run() { return call.apply(null, arguments).then(function (reply) { show(reply.screen); return reply; }); }
  window.malefizRun = run;

  // ---- Drawing.

  var board = $("#board");
  var log = $("[data-log]");
  var die = $('[data-action="roll"]');
  var turnBox = $("[data-turn]");  // the die and the status line
  var viewing = $("[data-viewing]");
  var timer = null;
  var frames = [];
  var afterWalk = null;
  var pending = null;  // what the confirm dialog's Yes does
  var thinking = 0;  // a person's actions so far: the computer's step asked for before the last is not drawn
  var waited = "", due = 0;  // the computer's wait drawn last (Screen.bot_wait) and when it ends
  var keyboard = window.pageKeys({  // web/keys.js: the game screen by keyboard, and the focus
    $: $, $$: $$, board: board, log: log, die: die, viewing: viewing, call: call, run: run, userRun: userRun, act: act,
    lost: lost, busy: busy, showLine: showLine,
  });
  // (A shake that rolls nothing leaves a computer's turn under way alone: run, not userRun.)
  var device = window.pageDevice({loadFile: loadFile, shaken: function (force) { return run("shake", force); }});

  function show(screen) {
    if (!screen) return;
    stopTimer();
    root.dataset.game = screen.game;
    root.dataset.board = screen.board;
    $("[data-title]").textContent = screen.title;
    document.title = screen.tab_title || screen.title;  // "Your turn · Malefiz" for a tab in the background
    device.keepAwake(screen.awake);
    // The rules in one tab of their own while this page must stay (Screen.rules_beside); else "": in this one.
    $$(".rules-link").forEach(function (a) { a.target = screen.rules_beside ? "malefiz-rules" : ""; });
    $("[data-pace]").value = screen.pace;
    var playing = screen.view === "play";
    var left = !playing && !$("#play").hidden;  // a game was shown: the setup screen takes the focus it had
    if (late && playing) told(late);  // a computer's step that came as a person acted: unheard if they left the game
    late = null;
    $("#setup").hidden = $("[data-top]").hidden = playing;
    $("#play").hidden = !playing;
    $('header [data-action="setup"]').hidden = !playing;
    if (playing) drawGame(screen);
    else waited = "", drawSetup(screen, left);
    window.MalefizTogether.show(screen);  // web/together.js: a game between devices
  }

  /** Only the chosen game's and board's parts of the setup form count (and show). */
  function pickBlocks(game, board) {
    $$("#setup [data-game]").forEach(function (block) {
      var same = block.dataset.game === game && (!block.hasAttribute("data-board") || block.dataset.board === board);
      block.disabled = block.hidden = !same;
    });
  }

  function drawSetup(screen, left) {
    tell("[data-setup-error]", screen.error);
    say("[data-latest]", screen.latest, true);
    say("[data-shelf]", screen.shelf, true);
    say("[data-tally]", screen.tally, true);
    say("[data-form-error]", screen.form_error);
    pickBlocks(screen.game, screen.board);
    drawBoard(screen.board_svg);
    changeForm(screen.form);
    formChanged();
    if (screen.form_error) $("[data-form-error]").focus();
    else if (left && lost()) $('[data-latest] .primary, #setup input[name="game"]:checked').focus(keyboard.focusOptions());  // the top: Continue
  }

  function drawBoard(svg) {
    board.innerHTML = svg;
    zoom([], true);  // a new board: shown whole
  }

  /** The focus is nowhere a person put it: on the page itself, or on what was hidden or switched off meanwhile. */
  function lost() {
    var active = document.activeElement;
    return !active || active === document.body || active.disabled || active.closest("[hidden]") !== null;
  }

  function formChanged() {  // the form as it is now: each seat row's note, and the board it describes
    call("seat_notes", formFields()).then(function (reply) { changeForm(reply.value); });
    call("form_board", formFields()).then(function (reply) { if (!$("#setup").hidden) drawBoard(reply.value); });
  }

  function changeForm(steps) {
    steps.forEach(function (step) {
      $$("#setup fieldset:not(:disabled) " + step[0]).forEach(function (element) {
        element[step[1]] = step[1] === "checked" ? Boolean(step[2]) : step[2];
      });
    });
  }

  function formFields() {
    return Array.from(new FormData($("#setup")).entries()).map(function (entry) { return [entry[0], String(entry[1])]; });
  }

  function drawGame(screen) {
    viewing.hidden = true;  // and no line of the move list is the one shown any more
    Array.from(log.children).forEach(function (line) { line.removeAttribute("aria-current"); });
    frames = screen.frames.slice();
    if (frames.length) $("[data-message]").textContent = screen.news, $("[data-now]").textContent = "";  // what walks
    afterWalk = screen;
    walk();
  }

  function walk() {
    timer = null;
    var screen = afterWalk;
    if (frames.length && screen) {
      var held = board.contains(document.activeElement);  // a move by key: the focus waits on the status line
      board.innerHTML = frames.shift();
      if (held) $("[data-status]").focus(keyboard.focusOptions());
      return void (timer = setTimeout(walk, screen.frame_ms));
    }
    afterWalk = null;
    if (screen) draw(screen);
  }

  function draw(screen) {
    board.innerHTML = screen.board_svg;
    tell("[data-notice]", screen.notice);
    $(".alert.notice").dataset.tone = screen.notice_tone;
    say("[data-save-note]", screen.save_note);
    die.disabled = !screen.can_roll;
    if (screen.tumble) {
      die.classList.remove("rolling");
      void die.offsetWidth;  // restart the tumble
      die.classList.add("rolling");
    }
    die.dataset.face = screen.die === null ? "" : String(screen.die);
    turnBox.style.setProperty("--turn", screen.turn_fill || "var(--accent)");  // whose turn, as Python drew it
    turnBox.style.setProperty("--turn-tint", screen.turn_tint || "var(--die-on)");
    turnBox.classList.toggle("tinted", Boolean(screen.turn_fill));
    $("[data-die-label]").textContent = screen.die_label;
    die.setAttribute("aria-label", screen.die_aria);
    $("[data-message]").textContent = screen.news;
    $("[data-now]").textContent = screen.status;
    screen.enabled.forEach(function (pair) { $('[data-action="' + pair[0] + '"]').disabled = !pair[1]; });
    $('[data-action="undo"]').hidden = !screen.undo_shown;
    $('[data-action="redo"]').hidden = !screen.redo_shown;
    $('[data-action="undo"]').title = screen.undo_title;  // whose move it takes back
    $('[data-winner] [data-action="rematch"]').hidden = !screen.rematch_shown;
    say("[data-hint]", screen.hint, true);
    $("[data-chances]").textContent = screen.chances;
    screen.pressed.forEach(function (pair) { $('[data-action="' + pair[0] + '"]').setAttribute("aria-pressed", String(pair[1])); });
    say("[data-review]", screen.review, true);
    drawPlayers(screen.players);
    $("[data-ranking]").textContent = screen.standings;
    if ($("[data-position]").textContent !== screen.position) $("[data-link]").hidden = $("[data-link-copied]").hidden = true;  // a shared link is of the move it was made at
    $("[data-position]").textContent = screen.position;
    told(screen);
    say("[data-log-note]", screen.log_note);
    device.buzz(screen.buzz);
    $("[data-winner]").hidden = !screen.winner;
    $("[data-winner-text]").textContent = screen.winner;
    $("[data-stats]").innerHTML = screen.report;
    $("[data-podium]").innerHTML = screen.podium;
    keyboard.mark(screen);
    zoom(screen.aim);
    if (screen.work) work();
    if (screen.bot_wait !== waited) due = performance.now() + screen.bot_delay;  // a wait drawn again keeps its time
    waited = screen.bot_wait;
    if (root.toggleAttribute("data-acting", screen.bot_delay !== null)) timer = setTimeout(tick, Math.max(0, due - performance.now()));  // the game goes on by itself
  }

  /** The move list, newest first: the lines Python says were added go on top. */
  function drawLog(screen) {
    if (screen.log_done) return;
    screen.log_done = true;
    if (screen.log_anew) log.innerHTML = "";
    log.insertAdjacentHTML("afterbegin", screen.log_added);
    if (screen.log_added) log.scrollTop = 0;  // the newest lines (on top) in sight
    log.tabIndex = log.childElementCount ? 0 : -1;  // an empty list is no stop of the Tab key
    while (log.childElementCount > screen.log_count) log.lastElementChild.remove();
  }

  /** Zoom round a choice of place whose targets are too small (Python decides: malefiz.core.spatial.zoom_to). */
  var zooming = 0;  // html[data-zooming] until the zoom is drawn (Panzoom draws at the next frame): tests measure then
  function zoom(aim, fresh) {
    root.toggleAttribute("data-zooming", ++zooming > 0);
    call.apply(null, ["zoom"].concat(window.boardZoom.measure(aim.map(keyboard.keyed).filter(Boolean), fresh))).then(
      function (reply) { if (reply.value) window.boardZoom.to.apply(null, reply.value); }).finally(function () {
      requestAnimationFrame(function () { root.toggleAttribute("data-zooming", --zooming > 0); });
    });
  }

  /** A screen's news: the move list's new lines, said to a screen reader (the log region keeps the last three), and
   * its sound (web/sound.js). */
  function told(screen) {
    drawLog(screen);
    var said = $("[data-announce]");
    if (screen.announce) said.appendChild(document.createElement("p")).textContent = screen.announce;
    while (said.childElementCount > 3) said.firstElementChild.remove();
    if (screen.notes) window.playNotes(screen.notes);
  }

  // ---- Events.

  function busy() { return frames.length > 0 || !viewing.hidden; }

  /** A person's action: the computer's turn under way is not drawn any more (this action's screen follows). One that
   * did nothing (R in the computer's turn, a tap as a forced move is made) draws the game as it is: the turn goes on. */
  function userRun() {
    var acting = root.hasAttribute("data-acting");
    thinking += 1;
    return run.apply(null, arguments).then(function (reply) { if (!reply.screen && acting) run("screen"); return reply; });
  }

  function onClick(event) {
    var target = event.target;
    keyboard.clicked(event.detail === 0);  // 0: Enter or Space on a button
    var action = target.closest("[data-action]");
    if (action) return void act(action.dataset.action, action.getAttribute("data-id") || "");
    var entry = target.closest("[data-log] li[data-index]");
    if (entry) return void showLine(entry);
    if (busy() || !target.closest("#board")) return;
    var about = target.closest("#board [data-about]");  // the board's key: a finger has no hover for its title
    if (about) return void userRun("about", about.dataset.about);
    var hit = target.closest("#board [data-key]");
    var key = hit ? hit.dataset.key : null;
    if (key !== null && keyboard.offers(key)) return void userRun("click", key);
    // What the tap meant, Python decides: a choice near it, or the piece it landed on that cannot move (told why).
    var box = hit ? hit.getBoundingClientRect() : null;
    var centre = box ? [box.x + box.width / 2, box.y + box.height / 2] : null;
    var finger = window.boardZoom.finger;
    call("tap", keyboard.spots(), event.clientX, event.clientY, finger, key, centre).then(function (reply) {
      if (reply.value !== null) userRun("click", reply.value);
    });
  }

  /** The position after the move list's line `entry`, on the board until Back to the game. */
  function showLine(entry) {
    call("line", Number(entry.dataset.index)).then(function (reply) {
      if (reply.value === null) return;
      stopTimer(), window.boardZoom.whole();  // web/zoom.js: a past position is seen whole (the game's zoom comes back)
      waited = "";  // back to the game, a computer waits its whole time again: its move is seen
      board.innerHTML = reply.value[0];
      $("[data-viewing-text]").textContent = reply.value[1];
      viewing.hidden = false;
      viewing.scrollIntoView({block: "nearest"});  // on a phone the board is above the move list
      Array.from(log.children).forEach(function (line) { line.toggleAttribute("aria-current", line === entry); });
    });
  }

  /** *Who plays*: drawn anew as Python made it; a keyboard's place (its button, a seat's choice) stays. */
  function drawPlayers(html) {
    var box = $("[data-players]");
    if (box.innerHTML !== html) window.redrawKeepingFocus(box, html);  // web/keys.js
  }

  function act(action, key) {
    if (action === "roll") userRun("roll");
    else if (action === "start") afterReplies(function () { userRun("start_game", formFields()); });
    else if (["hint", "undo", "redo", "review", "notation"].indexOf(action) >= 0) userRun(action);
    else if (action === "players-menu") userRun("players_menu");
    else if (action === "close-error") $("[data-setup-error]").hidden = true;
    else if (action === "close-notice") userRun("close_notice");
    else if (["rematch", "setup", "delete", "forget-tally"].indexOf(action) >= 0) {
      call("question", action).then(function (reply) {
        pending = function () { userRun("leave", action, key, location.search); };
        if (reply.value === null) return act("confirm-yes");
        ["text", "yes", "no"].forEach(function (part) { $("[data-confirm-" + part + "]").textContent = reply.value[part]; });
        $("[data-confirm]").showModal();
      });
    } else if (action === "continue") userRun("continue", key);
    else if (action === "confirm-yes" || action === "confirm-no") {
      if ($("[data-confirm]").open) $("[data-confirm]").close();
      var then = pending;
      pending = null;
      if (action === "confirm-yes" && then) then();
    } else if (action === "download" || action === "download-kept") {
      call("file", action === "download" ? "" : key).then(function (reply) { download(reply.value); });
    } else if (action === "link") share();
    else if (action === "back-to-game") run("screen");
  }

  function onChange(event) {
    var target = event.target;
    if (target.matches("[data-pace]")) run("set_pace", target.value, frames.length > 0);
    else if (target.matches('#setup input[name="game"], #setup input[name="board"]')) {
      var checked = $('#setup input[name="board"]:checked:not(:disabled)');
      var game = $('#setup input[name="game"]:checked').value;
      if (!ready) earlySetup(game, target.name === "game" ? null : target.value);
      run("preview", game, checked ? checked.value : "", target.name === "game");
    } else if (target.matches("[data-players] select[data-seat]")) {
      userRun("hand_over", Number(target.dataset.seat), target.value);
    } else if (target.closest("#setup") && !target.matches("[data-load-file]")) {  // notes, the board; kept for a reload
      formChanged();
    } else if (target.matches("[data-load-file]")) {
      var chosen = target.files && target.files[0];
      if (!chosen) return;
      target.value = "";
      loadFile(chosen);
    } else if (target.matches("[data-language]")) {
      speak(target.value);
    } else if (target.matches("[data-motion-switch]")) {
      setMotion(target.checked);
      call("set_motion", target.checked);
    } else if (target.matches("[data-sound]")) call("set_sound", target.checked);
    else if (target.matches("[data-shake-switch]")) {
      var on = target.checked;
      device.shake(on, undefined, true).then(function (allowed) {
        target.checked = on && allowed;
        run("set_shake", on, allowed);
      });
    }
  }

  /** A saved game's file, chosen by *Load* or dropped on the page, read and handed to Python (which says what is wrong
   * with a broken one). */
  function loadFile(chosen) {
    if (chosen.size > 5000000) return void userRun("load_file", null, chosen.size);
    waitingFor(1);  // the file is read first: the game shown until its answer is not the one to act on
    chosen.text().catch(function () { return ""; })  // a file the browser cannot read: said as a broken one
      .then(function (text) { return userRun("load_file", text, text.length); })
      .finally(function () { waitingFor(-1); });
  }

  /** The whole page in `language` (the switch here, or another tab's). */
  function speak(language) {
    var texts = window.pageTexts.targets();
    $("[data-language]").value = language;
    call("set_language", language, texts.asked).then(function (reply) {
      $("[data-announce]").textContent = "";  // nothing left said in the language before
      window.pageTexts.apply(texts.targets, reply.value);
      show(reply.screen);
    });
  }

  /** The switches as Python says (as the page opens, and when another tab turned one). */
  function useSettings(settings) {
    $("[data-sound]").checked = settings.sound;
    var shake = $("[data-shake-switch]");
    if (!ready || shake.checked !== settings.shake.on) device.shake(settings.shake.on, settings.shake.force, false);
    shake.checked = settings.shake.on;
    setMotion(settings.motion);
  }
  function setMotion(on) { $("[data-motion-switch]").checked = on, root.dataset.motion = on ? "on" : "off"; }

  function download(found) {
    if (!found) return;
    var url = URL.createObjectURL(new Blob([found[1]], {type: "application/json"}));
    Object.assign(document.createElement("a"), {href: url, download: found[0]}).click();
    URL.revokeObjectURL(url);
  }

  function share() {
    call("link", location.origin + location.pathname).then(function (reply) {
      if (reply.value === null) return;
      var link = reply.value[0], said = reply.value[1];  // the link, and the words a share sheet sends with it
      var box = Object.assign($("[data-link]"), {value: link, hidden: false});
      var copied = function () { $("[data-link-copied]").hidden = false; };  // else the link is there, selected
      box.focus();
      box.select();
      if (navigator.clipboard) navigator.clipboard.writeText(link).then(copied, function () { if (document.execCommand("copy")) copied(); });
      // A phone's share sheet too (a messenger or mail in a tap), where the browser has one; closed: nothing sent.
      if (root.hasAttribute("data-can-share")) navigator.share({title: document.title, text: said, url: link}).catch(function () {});
    });
  }

  // ---- Computer turns: they think in the worker; the page only waits for the screen.

  /** The computer's next step, a slice of its thinking at a time, one asked for at a time; not drawn when a person
   * acted after it was asked for (listed; told with their screen) or looks at a past position (told: the game waits). */
  var asking = null, late = null;  // while a step is asked for: the person's actions counted then; a step not drawn
  function tick() {
    timer = null;
    if (asking !== null) return;  // (a person's screen that came first waits for the step already asked for)
    var turn = asking = thinking;
    call("think").then(function (reply) {
      asking = null;
      if (turn !== thinking) return void (reply.screen && drawLog(late = reply.screen));
      if (!viewing.hidden) return void (reply.screen && told(reply.screen));
      if (!reply.screen && reply.thinking) return tick();
      show(reply.screen);
    });
  }

  /** The worker's own work (the review valuing the people's decisions): asked for while some is left, a slice
   * at a time (one chain, however many screens ask): a person's click waits for one slice at most. A review shown
   * before its decisions are valued moves its bar on, and comes whole with the screen of the last slice: the
   * review and the move list's marks are all that changes, so only they are drawn (a walk or a past position
   * looked at meanwhile goes on). */
  var working = false;
  function work() {
    if (!working) working = true, call("work").then(function (reply) {
      working = false;
      var bar = $("#review-progress");
      if (bar && reply.value.progress) bar.value = reply.value.progress[0];
      if (reply.screen) {
        if (afterWalk) drawLog(afterWalk);  // the walking move's line first: the list comes anew after it
        say("[data-review]", reply.screen.review, true), drawLog(reply.screen);
      }
      if (reply.value.more) work();
    });
  }

  function stopTimer() {
    clearTimeout(timer), timer = null, frames = [];  // clearTimeout(null) does nothing
    if (afterWalk) drawLog(afterWalk);  // its lines are on the list all the same
    afterWalk = null;
  }

  // ---- The start.

  var ready = false, touched = false;  // touched: the setup form was filled in before Python was ready
  var app = $("#app");
  app.addEventListener("click", onClick);
  app.addEventListener("change", onChange);
  app.addEventListener("input", function (event) {
    if (!event.target.closest("#setup")) return;
    if (!ready) touched = true;
    else if (event.target.type === "text") call("seat_notes", formFields());  // a name as it is typed, kept
  });
  app.addEventListener("change", function (event) { if (!ready && event.target.closest("#setup")) touched = true; }, true);
  // Back, forward, or a link pasted into this tab that differs from its address only after the # (no new load).
  addEventListener("popstate", function () { run("open", location.search, location.hash); });
  addEventListener("beforeunload", function (event) { if (asks) event.preventDefault(), event.returnValue = ""; });
  addEventListener("storage", function (event) {
    if (event.key !== null && event.key.indexOf(KEPT) !== 0) return;
    var which = event.storageArea === area("tab") ? "tab" : "local";
    run("storage_changed", which, event.key, event.newValue).then(function (reply) {
      useSettings(reply.value);
      if (reply.value.language) speak(reply.value.language);
    });
  });
  document.addEventListener("keydown", keyboard.onKey);
  // A phone on its side (any short window): the board and the panel take the height the bar leaves them, measured
  // (a fixed guess left the board a little below the fold wherever the bar came out taller: a mouse, a larger font).
  var bar = $(".bar");
  new ResizeObserver(function () {
    root.style.setProperty("--bar-room", "calc(" + bar.offsetHeight + "px + 0.6rem)");  // and the layout's padding
  }).observe(bar);

  /** Before Python is ready: the setup form of `game` on `board` (null: the game's first board, as Python's preview
   * does), so that a click on Start meanwhile sends the fields of the game the person sees. */
  function earlySetup(game, board) {
    board = board || window.python.games[game].boards[0];
    $$('#setup input[name="game"], #setup input[name="board"]').forEach(function (input) {
      input.checked = input.value === (input.name === "game" ? game : board);
    });
    root.dataset.game = game;
    root.dataset.board = board;
    pickBlocks(game, board);
  }

  window.pageTexts.early();

  // Until Python answers, a bare address shows the setup form (the game and board the head picked from the address),
  // so a person can read and fill it in; Python's first screen then takes over.
  var query = new URLSearchParams(location.search);
  if (!location.hash && !query.has("seats") && !query.has("id") && !query.has("position")) {
    earlySetup(root.dataset.game, root.dataset.board);
    $("#setup").hidden = false;
  }

  worker.postMessage({
    type: "page",
    page: {local: items("local"), tab: items("tab"), writable: writable(), languages: Array.from(navigator.languages || [])},
  });

  /** Python is ready: the page's opening goes first (with the form when the person filled it in meanwhile), then
   * what they did meanwhile, in order. */
  function openPage() {
    var calm = matchMedia("(prefers-reduced-motion: reduce)").matches;
    var texts = window.pageTexts.targets();
    var waiting = early;
    early = null;
    call("open_page", location.search, location.hash, calm, touched ? formFields() : null, texts.asked).then(function (reply) {
      useSettings(reply.value);
      keyboard.learn(reply.value.keys);
      window.pageTexts.apply(texts.targets, reply.value.texts);
      ready = true;
      show(reply.screen);
      root.dataset.ready = "true";
      dispatchEvent(new Event("malefiz-ready"));
    });
    waiting.forEach(function (message) { worker.postMessage(message); });
  }
})();

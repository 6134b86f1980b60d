// The page's side of a game between devices. Python decides everything (malefiz/together.py): this file runs the
// peer-to-peer channels (web/net.js) as each screen's `net` commands say, hands their events back to Python, draws
// the devices' panel with its QR codes, and copies a link.
(function () {
  "use strict";
  var handles = {};  // device number -> its channel (web/net.js)
  var pending = [];  // commands for a channel that is still being made

  function run() { return window.malefizRun.apply(null, arguments); }
  function tell(peer, kind, text) { return run("net", peer, kind, text || ""); }

  var opened = {};  // device number -> its channel is open (texts for it wait in `queued` until then)
  var queued = {};

  function wire(peer, handle) {
    var old = handles[peer];
    handles[peer] = handle;  // first: the old channel's close is not told as this device's connection lost
    if (old && old !== handle) old.close();
    opened[peer] = false;
    queued[peer] = [];
    handle.onopen = function () {
      opened[peer] = true;
      queued[peer].splice(0).forEach(function (text) { handle.send(text); });
      tell(peer, "open");
    };
    handle.onmessage = function (text) { tell(peer, "message", text); };
    handle.onclose = function () { if (handles[peer] === handle) tell(peer, "close"); };
    var waiting = pending.filter(function (c) { return c.peer === peer; });
    pending = pending.filter(function (c) { return c.peer !== peer; });
    waiting.forEach(command);
  }

  // The tabs of this browser: a reply link opened in a tab of its own is passed to the tab that hosts its game.
  var tabs = "BroadcastChannel" in window ? new BroadcastChannel("malefiz-together") : null;
  var relaying = null;  // the timer of a reply passed on, until a tab takes it
  if (tabs) {
    tabs.onmessage = function (event) {
      var data = event.data || {};
      if (typeof data.reply === "string") run("reply_from_tab", data.reply);
      else if (typeof data.taken === "string" && relaying !== null) {
        clearTimeout(relaying);
        relaying = null;
        run("relayed", data.taken);
      }
    };
  }

  function relay(text) {
    if (!tabs) return run("relayed", "");
    relaying = setTimeout(function () { relaying = null; run("relayed", ""); }, 3000);  // no tab hosts that game
    tabs.postMessage({reply: text});
  }

  // The game this tab holds against the other tabs of this browser (Screen.holds, the key it is kept under): the
  // browser's lock of that name (Web Locks), let go when the screen names another or none, and by the browser when
  // the tab goes; a second lock while the tab has a channel open in it (Screen.channels_open). Python decides what a
  // tab that finds the game held does (malefiz/one_tab.py, held): take it ("steal"), or follow it there until it
  // has it ("wait").
  function nothing() {}
  var OPEN = ".open", held = {key: "", stop: nothing}, live = {key: "", stop: nothing};

  /** Hold the lock `name` once `options` grant it (`then(got)` first) until the function returned lets go; `stolen`
   * runs when another tab takes it. */
  function grab(name, options, then, stolen) {
    var letGo, gone = false, quit = new AbortController(), kept = new Promise(function (resolve) { letGo = resolve; });
    if (!options.steal && !options.ifAvailable) options.signal = quit.signal;  // (waiting: it can be called off)
    navigator.locks.request(name, options, function (got) {
      if (gone) return null;
      then(Boolean(got));
      return got ? kept : null;
    }).catch(function () { if (!gone) stolen(); });
    return function () { gone = true; quit.abort(); letGo(); };
  }

  function lock(key, how) {
    held.stop();
    var mine = held = {key: key, stop: nothing};
    if (!key || !navigator.locks) return;  // (an address that is not secure, an old browser: every tab plays)
    var options = how === "steal" ? {steal: true} : how === "wait" ? {} : {ifAvailable: true};
    mine.stop = grab(key, options, function (got) {
      if (got && how === "wait") run("held", key, "here");
      if (!got) {
        navigator.locks.query().then(function (state) {
          var open = state.held.some(function (other) { return other.name === key + OPEN; });
          if (held === mine) run("held", key, open ? "connected" : "elsewhere");
        });
      }
    }, function () { run("held", key, "stolen"); });
  }

  function carryLocks(screen) {
    var key = screen.holds || "", channels = screen.channels_open ? key : "";
    if (key !== held.key) lock(key, "try");
    if (channels === live.key) return;
    live.stop();
    live = {key: channels, stop: nothing};
    if (channels && navigator.locks) live.stop = grab(channels + OPEN, {}, nothing, nothing);
  }

  function command(c) {
    var options = c.stun ? {stun: c.stun} : {};  // a STUN server only once the host chose one (named on the page)
    if (c.do === "relay") return relay(c.text);
    if (c.do === "relayed") return tabs && tabs.postMessage({taken: c.name});
    if (c.do === "steal" || c.do === "wait") return lock(c.key, c.do);
    if (c.do === "drop") return drop();
    var failed = function (error) { tell(c.peer, "failed", String((error && error.message) || error)); };  // no network
    if (c.do === "offer") {
      window.MalefizNet.offer(options).then(function (made) { wire(c.peer, made.peer); tell(c.peer, "offer", made.sdp); }, failed);
    } else if (c.do === "answer") {
      window.MalefizNet.answer(c.sdp, options).then(function (made) { wire(c.peer, made.peer); tell(c.peer, "answer", made.sdp); }, failed);
    } else if (!handles[c.peer]) {
      pending.push(c);
    } else if (c.do === "close") {
      handles[c.peer].close();  // this device left the game: the other side sees the connection gone
    } else if (c.do === "accept") {
      handles[c.peer].accept(c.sdp);
    } else if (c.do === "send") {
      if (handles[c.peer].state === "closed") return;  // gone: Python knows from its close, and waits for the next
      if (opened[c.peer]) handles[c.peer].send(c.text);
      else queued[c.peer].push(c.text);
    }
  }

  /** The panel anew, keeping what the person typed; each link whole (the bare page's address and Python's fragment). */
  function draw(html) {
    var box = document.querySelector("[data-together]");
    var typed = {};
    box.querySelectorAll("input[name]").forEach(function (input) { typed[input.name] = input.value; });
    var unfolded = Array.from(box.querySelectorAll("details[data-keep][open]"), function (d) { return d.dataset.keep; });
    box.innerHTML = html;
    box.querySelectorAll("details[data-keep]").forEach(function (d) { d.open = unfolded.indexOf(d.dataset.keep) >= 0; });
    box.hidden = !html;
    document.documentElement.toggleAttribute("data-between", Boolean(html));  // style.css: no file of one device
    var base = location.origin + location.pathname + (window.MalefizNet.testMode ? "?net=loopback" : "");
    box.querySelectorAll("input[name]").forEach(function (input) { if (typed[input.name]) input.value = typed[input.name]; });
    box.querySelectorAll("[data-link-text]").forEach(function (input) { input.value = base + input.value; });
    box.querySelectorAll("[data-qr]").forEach(function (element) {
      element.innerHTML = window.MalefizNet.qrSvg(base + element.dataset.qr);
    });
  }

  document.addEventListener("click", function (event) {
    var offer = event.target.closest("[data-invite] [data-action]");  // a game on this device: its seats offered
    if (offer) {
      if (offer.dataset.action === "invite-menu") run("invite_menu");
      else run("invite", Number(offer.dataset.id));
      return;
    }
    var button = event.target.closest("[data-together] [data-action]");
    if (!button) return;
    var action = button.dataset.action;
    var id = Number(button.dataset.id);
    if (action === "copy") {
      var input = button.parentElement.querySelector("[data-link-text]");
      var label = button.textContent;
      var done = function () {  // said for a moment (a screen reader hears the button's new name)
        button.textContent = button.dataset.copied;
        setTimeout(function () { button.textContent = label; }, 2000);
      };
      input.select();
      if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, function () { document.execCommand("copy"); done(); });
      else { document.execCommand("copy"); done(); }
    } else if (action === "share") {  // the device's share sheet (shown only where there is one: html[data-can-share])
      var link = button.parentElement.querySelector("[data-link-text]").value;
      navigator.share({text: button.dataset.shareText, url: link}).catch(function () {});  // closed: nothing sent
    } else if (action === "react") {
      run("react", id);
    } else if (action === "handover") {
      run("handover", id);
    } else if (action === "reply") {
      run("reply", id, document.querySelector('[data-together] input[name="reply-' + id + '"]').value);
    } else if (action === "watch" || action === "across") {
      run(action);
    } else if (action === "play-here") {
      run("play_here");
    } else if (action === "join") {
      var name = document.querySelector('[data-together] input[name="join-name"]');  // none when invited to watch
      run("join", name ? name.value : "");
    }
  });

  /** Every channel closed (what waits for one too), unheard: this tab has no part in the game any more. */
  function drop() {
    var closing = handles;
    handles = {};
    pending = [];
    Object.keys(closing).forEach(function (peer) { closing[peer].close(); });
  }

  // A page that goes (its tab closed, another address) ends its channels, so the other devices see it at once
  // rather than once ICE gives up (some 20 seconds).
  addEventListener("pagehide", drop);

  /** The reactions just sent or received (Screen.reaction), over the board for a few seconds. */
  var reactionTimer = null;
  function showReaction(words) {
    var said = document.querySelector("[data-reaction]");
    said.textContent = words;
    said.hidden = false;
    said.classList.remove("fresh");
    void said.offsetWidth;  // the pop plays again for the next one
    said.classList.add("fresh");
    clearTimeout(reactionTimer);
    reactionTimer = setTimeout(function () { said.hidden = true; }, 3500);
  }

  window.MalefizTogether = {
    show: function (screen) {
      if (screen.reaction) showReaction(screen.reaction);
      // a keyboard's place stays on the menu's button (web/keys.js)
      window.redrawKeepingFocus(document.querySelector("[data-invite]"), screen.view === "play" ? screen.invite || "" : "");
      draw(screen.view === "play" ? screen.together || "" : "");
    },
    // Every reply's channel commands and the game it holds, its screen drawn or not (page.js: a computer's move
    // answered as a person acted is not drawn, but goes to the other devices all the same); on the setup screen a
    // reply link's tab passes it on.
    carry: function (screen) {
      carryLocks(screen);
      (screen.net || []).forEach(command);
    },
  };
})();

// What the device offers the page beyond drawing: the screen kept on while Python says so (the Screen Wake Lock), a
// phone's share sheet (html[data-can-share]: the links' Share…), its vibration, a shake that rolls, a saved game's
// file dropped on the page, the whole screen, and the browser's offer to install the site as an app. It decides
// nothing: Python's Screen says when the screen is to stay on, whether a shake rolls, and what a file holds. page.js
// makes it once.
window.pageDevice = function (page) {
  "use strict";
  var root = document.documentElement;

  if (typeof navigator.share === "function") root.dataset.canShare = "";

  // The screen stays on while Python says so (Screen.awake: a game goes on). The browser lets go of it while the tab
  // is hidden; it is asked for again when the tab is shown. Where it is refused (a battery saver, a browser without
  // it) the screen sleeps as it always did. html[data-awake] says it is held.
  var wake = {want: false, held: null, asking: false};
  function keepAwake(want) {
    wake.want = want;
    if (!("wakeLock" in navigator)) return;
    if (!want) {
      if (wake.held) wake.held.release().catch(function () {});
      return;
    }
    if (wake.held || wake.asking || document.visibilityState !== "visible") return;
    wake.asking = true;
    navigator.wakeLock.request("screen").then(function (held) {
      wake.asking = false;
      held.addEventListener("release", function () {
        if (wake.held !== held) return;
        wake.held = null;
        delete root.dataset.awake;
      });
      wake.held = held;
      root.dataset.awake = "";
      if (!wake.want) held.release().catch(function () {});
    }, function () { wake.asking = false; });
  }
  document.addEventListener("visibilitychange", function () { if (wake.want) keepAwake(true); });

  // A file dragged from the computer's folders onto the page loads as *Load* does, where a *Load* button is shown
  // (not in a game between devices, which travels by its own links); html[data-dropping] while it is over the page.
  function loadShown() {
    return Array.from(document.querySelectorAll("[data-load-file]")).some(function (input) {
      return input.closest("label").offsetParent !== null;
    });
  }
  function carriesFile(event) {
    return event.dataTransfer && Array.from(event.dataTransfer.types).indexOf("Files") >= 0;
  }
  addEventListener("dragover", function (event) {
    if (!carriesFile(event) || !loadShown()) return;
    event.preventDefault();  // a drop here is the page's, not the browser's (which would open the file instead)
    event.dataTransfer.dropEffect = "copy";
    root.dataset.dropping = "";
  });
  addEventListener("dragleave", function (event) { if (event.relatedTarget === null) delete root.dataset.dropping; });
  addEventListener("drop", function (event) {
    delete root.dataset.dropping;
    if (!carriesFile(event) || !loadShown()) return;
    event.preventDefault();
    if (event.dataTransfer.files.length) page.loadFile(event.dataTransfer.files[0]);
  });

  // Where the browser offers to install the site as an app (beforeinstallprompt: Chrome, Edge, Android), the menu says
  // *Install as an app* and asks the browser's own question; once installed, or asked, the entry goes for this visit
  // (an offer the browser makes again after its question was answered does not bring it back; its own button stays).
  var install = document.querySelector('[data-action="install"]'), offer = null, asked = false;
  addEventListener("beforeinstallprompt", function (event) {
    if (asked) return;
    offer = event;
    install.hidden = false;
  });
  addEventListener("appinstalled", function () { offer = null, install.hidden = true; });
  install.addEventListener("click", function () {
    var asking = offer;
    offer = null, asked = true, install.hidden = true;  // gone first, whatever the question does
    if (asking) try { asking.prompt().catch(function () {}); } catch (error) { /* the browser's question refused */ }
  });

  // Shaking the device rolls the die where the player turned it on (the menu's *Shake to roll*, offered where the
  // device feels motion and is held in the hand: html[data-can-shake]). The glue only tells Python how hard a reading
  // was, once it reaches the force Python named; whether that rolls is Python's (App.shake: one roll a shake, on a
  // person's turn). A phone that asks its owner first (iOS) is asked when the switch is turned on.
  var shaking = {force: Infinity, telling: false};
  if ("DeviceMotionEvent" in window && matchMedia("(pointer: coarse)").matches) root.dataset.canShake = "";
  function felt(event) {
    var a = event.acceleration, gravity = 0;
    if (!a || a.x === null) a = event.accelerationIncludingGravity, gravity = 9.81;
    if (!a || a.x === null || shaking.telling) return;
    var force = Math.abs(Math.hypot(a.x, a.y, a.z || 0) - gravity);
    if (force < shaking.force) return;
    shaking.telling = true;
    page.shaken(force).finally(function () { shaking.telling = false; });
  }
  /** Listen for shakes (``on``) with Python's ``force``; ``ask``: the switch was just turned on (a person's tap, the
   * only moment a phone lets the page ask). Resolves to whether the device lets the page feel it. */
  function shake(on, force, ask) {
    if (force !== undefined) shaking.force = force;
    var sensor = window.DeviceMotionEvent;
    var asks = sensor && typeof sensor.requestPermission === "function", asking = on && ask && asks;
    // Turned on at an earlier visit: a phone that asks lets the page ask again at the first tap.
    if (on && !ask && asks) addEventListener("touchend", function () { shake(true, undefined, true); }, {once: true});
    return (asking ? sensor.requestPermission() : Promise.resolve("granted")).catch(function () { return "denied"; })
      .then(function (answer) {
        var allowed = answer === "granted";
        removeEventListener("devicemotion", felt);
        if (on && allowed) addEventListener("devicemotion", felt);
        return allowed;
      });
  }

  // *Full screen* in the menu, where the browser allows it and the page is not an installed app's own window already:
  // a phone on its side gives the board the browser's bars too. The same entry (or Escape, or Back) leaves it;
  // html[data-full] while it lasts.
  var full = document.querySelector('[data-action="full-screen"]');
  full.hidden = !document.fullscreenEnabled || matchMedia("(display-mode: standalone), (display-mode: fullscreen)").matches;
  full.addEventListener("click", function () {
    if (document.fullscreenElement) document.exitFullscreen().catch(function () {});
    else root.requestFullscreen({navigationUI: "hide"}).catch(function () {});
  });
  document.addEventListener("fullscreenchange", function () {
    root.toggleAttribute("data-full", document.fullscreenElement !== null);
  });

  /** A phone's vibration as Python's screen asks for it (Screen.buzz: the turn comes to this device); none without. */
  function buzz(pattern) {
    if (pattern && pattern.length && typeof navigator.vibrate === "function") navigator.vibrate(pattern);
  }

  return {keepAwake: keepAwake, buzz: buzz, shake: shake};
};

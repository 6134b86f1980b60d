// The board's zoom: pinch and drag on touch screens (Panzoom, served from the site: ./panzoom/panzoom.min.js),
// Ctrl + wheel with a mouse, and the zoom Python decides (page.js calls boardZoom.to with what
// malefiz.core.spatial.zoom_to chose: small targets zoomed to a finger's size, else the whole board).
// Unzoomed, a swipe over the board scrolls the page; zoomed in, it moves the board.
(function () {
  "use strict";
  var zoom = null;
  var board = null;
  var start = function () {
    board = document.getElementById("board");
    if (!board || typeof Panzoom !== "function") return;
    zoom = Panzoom(board, {
      minScale: 1,
      maxScale: 4,
      contain: "outside",
      panOnlyWhenZoomed: true,
      touchAction: "pan-y",
      cursor: "default",
      // A tap still reaches the page's click listener; only the browser's own gestures are stopped.
      handleStartEvent: function (event) { if (event.pointerType !== "mouse") event.preventDefault(); },
    });
    board.parentElement.addEventListener("wheel", function (event) {
      if (event.ctrlKey) zoom.zoomWithWheel(event);
    }, {passive: false});
    board.addEventListener("panzoomchange", function (event) {
      var zoomed = event.detail.scale > 1.01;
      board.style.touchAction = board.parentElement.style.touchAction = zoomed ? "none" : "pan-y";
      board.parentElement.classList.toggle("zoomed", zoomed);
    });
  };
  window.boardZoom = {
    // The person points with a finger (a touch screen): only then are small targets zoomed (Python decides).
    finger: matchMedia("(pointer: coarse)").matches,
    // The board's scale now (1: not zoomed).
    scale: function () { return zoom ? zoom.getScale() : 1; },
    // Zoom to ``scale`` with the point (x, y) of the unzoomed board in the middle of the frame.
    to: function (scale, x, y) {
      if (!zoom || !(scale >= 1) || !isFinite(x) || !isFinite(y)) return;
      var pan = zoom.getPan();
      var centred = Math.abs(pan.x - (board.offsetWidth / 2 - x)) < 0.5 && Math.abs(pan.y - (board.offsetHeight / 2 - y)) < 0.5;
      if (Math.abs(scale - zoom.getScale()) < 0.01 && scale <= 1 && centred) return;
      // Python kept the zoomed board covering its frame: no containment here (Panzoom would measure the board
      // before its new scale is drawn, at the next frame).
      zoom.zoom(scale, {animate: false, force: true});
      zoom.pan(board.offsetWidth / 2 - x, board.offsetHeight / 2 - y, {animate: false, force: true, contain: false});
    },
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

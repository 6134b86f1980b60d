// The board's zoom: pinch and drag on touch screens (Panzoom, served from the site: ./panzoom/panzoom.min.js),
// Ctrl + wheel with a mouse, and the zoom Python decides (page.js calls boardZoom.to with what
// malefiz.core.spatial.zoom_to chose: small targets zoomed to a finger's size, else the whole board, or the
// person's own zoom left as it is).
// Unzoomed, a swipe over the board scrolls the page; zoomed in, it moves the board.
(function () {
  "use strict";
  var zoom = null;
  var board = null;
  var byHand = false;  // the person zoomed the board (two fingers, Ctrl + wheel) since the page last did
  var drawnScale = 1;
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
    // "Whole board": the zoom undone by the person (kept so until the page zooms for a new choice).
    board.parentElement.querySelector("[data-whole-board]").addEventListener("click", window.boardZoom.whole);
    board.addEventListener("panzoomchange", function (event) {
      var zoomed = event.detail.scale > 1.01;
      // A change of scale that a gesture made (Panzoom passes its event; the page's own zooms have none).
      if (event.detail.originalEvent && Math.abs(event.detail.scale - drawnScale) > 0.01) byHand = zoomed;
      drawnScale = event.detail.scale;
      board.style.touchAction = board.parentElement.style.touchAction = zoomed ? "none" : "pan-y";
      board.parentElement.classList.toggle("zoomed", zoomed);
    });
  };
  window.boardZoom = {
    // The person points with a finger (a touch screen): only then are small targets zoomed (Python decides).
    finger: matchMedia("(pointer: coarse)").matches,
    // The board's scale now (1: not zoomed).
    scale: function () { return zoom ? zoom.getScale() : 1; },
    // Whether the zoom now is the person's own (Python then leaves it when there is nothing to zoom for).
    byHand: function () { return byHand; },
    // What Python's zoom_to is asked with: each of the ``elements`` (a choice's targets) as (x, y, size), the board's
    // width and height (all in the unzoomed board's pixels), whether a finger points, and the part of the board in
    // sight when the person zoomed it (null after a ``fresh`` board), and how far the "Whole board" button covers the
    // frame from its top and from its right edge. The scale is taken as drawn now, not
    // Panzoom's: Panzoom draws a new zoom at the next frame, and two screens can come within one frame (a
    // computer's move, then the person's choice); measured against its scale, the board came out shifted.
    measure: function (elements, fresh) {
      var drawn = board || document.getElementById("board");
      var box = drawn.getBoundingClientRect();
      var scale = drawn.offsetWidth > 0 ? box.width / drawn.offsetWidth : 1;
      var at = elements.map(function (element) {
        var b = element.getBoundingClientRect();
        return [(b.x - box.x + b.width / 2) / scale, (b.y - box.y + b.height / 2) / scale, b.width / scale];
      });
      var frame = drawn.parentElement.getBoundingClientRect();
      var own = fresh || !byHand ? null : [frame.left, frame.top, frame.right, frame.bottom].map(
        function (edge, k) { return (edge - (k % 2 ? box.y : box.x)) / scale; });
      // The "Whole board" button over the frame's top (laid out while hidden): no target is zoomed under it.
      var button = drawn.parentElement.querySelector("[data-whole-board]").getBoundingClientRect();
      return [at, box.width / scale, box.height / scale, this.finger, own, Math.max(0, button.bottom - frame.top),
        Math.max(0, frame.right - button.left)];
    },
    // The whole board again, the person's own zoom forgotten ("Whole board", and a past position from the move list).
    whole: function () {
      if (zoom) zoom.reset({animate: false});
      byHand = false;
    },
    // Zoom to ``scale`` with the point (x, y) of the unzoomed board in the middle of the frame.
    to: function (scale, x, y) {
      if (!zoom || !(scale >= 1) || !isFinite(x) || !isFinite(y)) return;
      byHand = false;
      // Python kept the zoomed board covering its frame: no containment here, for the scale as for the pan. Panzoom
      // measures the board as drawn, and a zoom asked for within a frame of the last is not drawn yet: measured so,
      // "outside" containment raised a zoom back to the whole board to the last scale, and the board stayed zoomed in.
      zoom.zoom(scale, {animate: false, force: true, contain: false});
      zoom.pan(board.offsetWidth / 2 - x, board.offsetHeight / 2 - y, {animate: false, force: true, contain: false});
    },
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

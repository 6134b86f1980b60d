// Short tones made by Web Audio (no files): page.js plays the notes a Screen names (malefiz.core.screen.SOUNDS)
// when the player turned sound on; a browser without audio turns the box off.
(function () {
  "use strict";
  var audio = null;
  window.playNotes = function (notes) {
    var box = document.querySelector("[data-sound]");
    if (!box || !box.checked) return;
    try {
      if (audio === null) audio = new AudioContext();
      var now = audio.currentTime;
      Array.from(notes).forEach(function (frequency, i) {
        var tone = audio.createOscillator();
        var level = audio.createGain();
        tone.frequency.value = frequency;
        level.gain.setValueAtTime(0.08, now + i * 0.12);
        level.gain.exponentialRampToValueAtTime(0.001, now + i * 0.12 + 0.11);
        tone.connect(level);
        level.connect(audio.destination);
        tone.start(now + i * 0.12);
        tone.stop(now + i * 0.12 + 0.12);
      });
    } catch (error) {
      box.checked = false;
    }
  };
})();

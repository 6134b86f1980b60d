// The page's texts in the person's language: every element marked data-i18n (or data-i18n-<attribute>) gets the
// text Python gives for its key (malefiz.i18n); before Python is ready, the one the build wrote into the page for
// that language (web/build.py's page_texts). page.js asks for them at the start and when the language changes.
(function () {
  "use strict";
  var root = document.documentElement;
  var $ = function (selector) { return document.querySelector(selector); };
  var $$ = function (selector) { return Array.from(document.querySelectorAll(selector)); };

  /** Every element with a text marked data-i18n (or data-i18n-<attribute>): [element, attribute or null, key]; and
   * what Python is asked for them (each key with the element's attributes, which may carry placeholder values). */
  function targets() {
    var found = [];
    $$("[data-i18n]").forEach(function (element) { found.push([element, null, element.getAttribute("data-i18n")]); });
    ["aria-label", "title", "placeholder"].forEach(function (name) {
      $$("[data-i18n-" + name + "]").forEach(function (element) {
        found.push([element, name, element.getAttribute("data-i18n-" + name)]);
      });
    });
    var asked = found.map(function (target) {
      return [target[2], Array.from(target[0].attributes).map(function (a) { return [a.name, a.value]; })];
    });
    return {targets: found, asked: asked};
  }

  /** Write `text` where `target` (from targets()) shows it: the element's text, or its attribute. */
  function put(target, text) {
    if (target[1] === null) target[0].textContent = text;
    else target[0].setAttribute(target[1], text);
  }

  /** Before Python speaks: the texts the build wrote into the page for the person's language (web/build.py's
   * page_texts; the id is its text_id: the key and the element's placeholder values). */
  function early() {
    var known = window.python.texts;
    var found = targets();
    var language = root.lang === "de" ? "de" : "en";
    var texts = found.asked.map(function (asked) {
      var values = asked[1].filter(function (pair) {
        var name = pair[0].replace(/^data-i18n-/, "");
        return name !== pair[0] && ["aria-label", "title", "placeholder"].indexOf(name) < 0;
      }).map(function (pair) { return [pair[0].replace(/^data-i18n-/, ""), pair[1]]; }).sort();
      var id = asked[0] + "|" + values.map(function (pair) { return pair[0] + "=" + pair[1]; }).join("&");
      return Object.prototype.hasOwnProperty.call(known, id) ? known[id] : null;
    });
    found.targets.forEach(function (target, i) { if (texts[i] !== null) put(target, texts[i]); });
    $("[data-language]").value = language;
  }

  /** The texts Python gave (in its language: html[lang] follows). */
  function apply(found, value) {
    root.lang = value.language;
    $("[data-language]").value = value.language;
    value.texts.forEach(function (text, i) { put(found[i], text); });
  }

  window.pageTexts = {targets: targets, early: early, apply: apply};
})();

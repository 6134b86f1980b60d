// The rules pages' one script. A game between devices opens its rules in a tab of their own, named "malefiz-rules"
// (the game's page keeps its connections open: Screen.rules_beside). There "Back to the game" closes this tab, so the
// game's own tab shows again, instead of opening the game a second time in this one; should the browser keep the
// tab open, or the game's tab be gone, the link leads to the game as everywhere else.
(function () {
  "use strict";
  if (window.name !== "malefiz-rules") return;
  Array.from(document.querySelectorAll('a[href="./"]')).forEach(function (link) {
    link.addEventListener("click", function (event) {
      if (!window.opener || window.opener.closed) return;
      event.preventDefault();
      window.close();
      setTimeout(function () { location.href = link.href; }, 300);  // (only where closing was refused)
    });
  });
})();

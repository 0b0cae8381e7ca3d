/// The pages' one script, served as `/static/live-HASH.js`. Every page works without it; it only
/// adds live updates: it listens to `/events`, and when the server says the loans changed (a
/// write by anyone, or a new day) it fetches the same page again and swaps in the parts marked
/// `data-live`, leaving forms being filled in alone. It never builds markup from data: the
/// server's escaped HTML is parsed as a document (scripts in it never run) and moved over. Its
/// fetch says it is a live update (`X-Loans-Live: 1`), so the page it gets leaves the flash
/// cookie to the page the browser is going to (see `WebFront.flash`).
enum LiveScript {
    static let text = #"""
"use strict";
(function () {
  if (!window.EventSource || !window.fetch || !window.DOMParser) return;
  if (!document.querySelector("[data-live]")) return;
  var busy = false;
  var again = false;
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").querySelectorAll("[data-live]");
    var old = document.querySelectorAll("[data-live]");
    if (fresh.length !== old.length) return;
    for (var i = 0; i < old.length; i++) {
      if (old[i].contains(document.activeElement)) continue;
      old[i].replaceWith(document.adoptNode(fresh[i]));
    }
    document.documentElement.setAttribute("data-updated", String(Date.now()));
  }
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html", "X-Loans-Live": "1" } })
      .then(function (answer) { return answer.ok ? answer.text() : null; })
      .then(function (html) { if (html) swap(html); })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }
  var events = new EventSource("/events");
  events.addEventListener("change", refresh);
})();
"""#
}

/// The pages' one stylesheet, served as `/static/loans-HASH.css`: phone first (one column from
/// 320 px, no horizontal scrolling; wider screens get room, not another layout), light and dark
/// from `prefers-color-scheme`, a status in words and colour (the colour only repeats the words),
/// and a focus ring on everything that takes focus. Colours meet WCAG AA contrast on both schemes.
enum Stylesheet {
    static let text = #"""
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1b1f; --muted: #52525b; --line: #d4d4d8; --panel: #f4f4f5;
  --link: #1d4ed8; --focus: #b45309; --button: #1d4ed8; --button-fg: #ffffff;
  --overdue: #b91c1c; --overdue-bg: #fef2f2; --soon: #92400e; --soon-bg: #fffbeb;
  --open: #3f3f46; --returned: #52525b; --error: #b91c1c; --ok: #166534; --ok-bg: #f0fdf4;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #121216; --fg: #ededf0; --muted: #b4b4bd; --line: #3f3f46; --panel: #1e1e24;
    --link: #93c5fd; --focus: #fbbf24; --button: #3b82f6; --button-fg: #0b0b0e;
    --overdue: #fca5a5; --overdue-bg: #2a1415; --soon: #fcd34d; --soon-bg: #2a2110;
    --open: #d4d4d8; --returned: #a1a1aa; --error: #fca5a5; --ok: #86efac; --ok-bg: #10241a;
  }
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--fg);
  font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  overflow-wrap: break-word;
}
bdi { overflow-wrap: anywhere; }
a { color: var(--link); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem; z-index: 2; }
.skip:focus { left: .5rem; }
header.site { border-bottom: 1px solid var(--line); background: var(--panel); }
header.site .inner, main, footer.site .inner { max-width: 60rem; margin: 0 auto; padding: .75rem 1rem; }
header.site .inner { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
.brand { font-weight: 700; margin: 0; font-size: 1.1rem; }
nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem .9rem; }
nav a { display: inline-block; padding: .35rem 0; min-height: 2.75rem; line-height: 2rem; }
nav a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
form.search { display: flex; gap: .5rem; flex: 1 1 14rem; margin: 0; align-items: center; }
form.search label, form.search button { font-weight: 600; white-space: nowrap; flex: none; }
form.search input { flex: 1 1 auto; min-width: 0; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
.count { color: var(--muted); font-weight: 400; }
ul.loans { list-style: none; margin: 0; padding: 0; border-top: 1px solid var(--line); }
ul.loans li { border-bottom: 1px solid var(--line); padding: .6rem .25rem .6rem .75rem; border-left: 4px solid transparent;
  display: flex; flex-wrap: wrap; gap: .1rem .75rem; align-items: baseline; }
ul.loans li.overdue { border-left-color: var(--overdue); background: var(--overdue-bg); }
ul.loans li.due_soon { border-left-color: var(--soon); background: var(--soon-bg); }
ul.loans li.returned { border-left-color: var(--line); }
@media (min-width: 40rem) {
  ul.loans li { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr) 10rem; gap: 1rem; }
  ul.loans .status { text-align: right; }
}
ul.loans.shared .status { white-space: normal; }
@media (min-width: 40rem) {
  ul.loans.shared li { grid-template-columns: minmax(0, 1fr) minmax(0, 16rem); }
}
.secret code { user-select: all; }
ul.people { list-style: none; margin: 0; padding: 0; border-top: 1px solid var(--line); }
ul.people li { border-bottom: 1px solid var(--line); padding: .6rem .25rem; display: flex; flex-wrap: wrap; gap: .1rem .9rem; align-items: baseline; }
ul.people li > a { font-weight: 600; flex: 1 1 100%; min-width: 0; }
ul.people .detail { color: var(--muted); min-width: 0; }
@media (min-width: 40rem) {
  ul.people li > a { flex: 0 1 14rem; }
}
.loan-title { flex: 1 1 12rem; min-width: 0; }
.loan-title a { font-weight: 600; }
.id { color: var(--muted); font-variant-numeric: tabular-nums; }
.party { color: var(--muted); flex: 1 1 10rem; }
.status { font-weight: 600; white-space: nowrap; }
.overdue .status, .status.overdue { color: var(--overdue); }
.due_soon .status, .status.due_soon { color: var(--soon); }
.open .status, .status.open { color: var(--open); }
.returned .status, .status.returned { color: var(--returned); }
.empty, .note { color: var(--muted); }
.more { margin: .5rem 0 0; }
.flash { border: 1px solid var(--ok); background: var(--ok-bg); color: var(--fg); padding: .6rem .8rem; border-radius: .25rem; }
.problems { border: 2px solid var(--error); padding: .6rem .8rem; border-radius: .25rem; }
.problems h2 { margin-top: 0; color: var(--error); }
.field-error { color: var(--error); font-weight: 600; margin: .25rem 0 0; }
dl.fields { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0; margin: 0; }
dl.fields dt { font-weight: 600; margin-top: .5rem; }
dl.fields dd { margin: 0; }
@media (min-width: 40rem) {
  dl.fields { grid-template-columns: 10rem minmax(0, 1fr); gap: .35rem 1rem; }
  dl.fields dt { margin-top: 0; }
}
.note-text { white-space: pre-wrap; }
form.card, section.card { border: 1px solid var(--line); border-radius: .35rem; padding: .75rem 1rem; margin: 1rem 0; background: var(--panel); }
form.card h2, section.card h2 { margin-top: 0; }
.field { margin: 0 0 .9rem; }
.field label, fieldset legend { display: block; font-weight: 600; margin-bottom: .2rem; }
.hint { color: var(--muted); font-size: .9rem; margin: .1rem 0 .3rem; }
fieldset { border: 0; padding: 0; margin: 0 0 .9rem; }
fieldset label { display: inline-flex; align-items: center; gap: .35rem; margin-right: 1rem; min-height: 2.75rem; font-weight: 400; }
input[type="text"], input[type="search"], textarea {
  font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: .25rem;
  padding: .5rem .6rem; width: 100%; max-width: 32rem; min-height: 2.75rem;
}
input[aria-invalid="true"], textarea[aria-invalid="true"] { border: 2px solid var(--error); }
textarea { min-height: 6rem; }
input[type="radio"] { width: 1.25rem; height: 1.25rem; margin: 0; }
button, .button {
  font: inherit; font-weight: 600; cursor: pointer; border-radius: .3rem; border: 2px solid var(--button);
  background: var(--button); color: var(--button-fg); padding: .45rem 1rem; min-height: 2.75rem; text-decoration: none;
  display: inline-block;
}
button.quiet { background: transparent; color: var(--link); }
button.danger { background: var(--overdue); border-color: var(--overdue); color: var(--bg); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; margin: 1rem 0; }
.actions form { margin: 0; }
ol.history { padding-left: 1.25rem; }
ol.history li { margin: .25rem 0; }
time { font-variant-numeric: tabular-nums; }
footer.site { border-top: 1px solid var(--line); margin-top: 2rem; color: var(--muted); }
footer.site .inner { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; justify-content: space-between; }
footer.site form { margin: 0; }
details summary { cursor: pointer; font-weight: 600; min-height: 2.75rem; line-height: 2.75rem; }
"""#
}

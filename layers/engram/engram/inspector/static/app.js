// The inspector's shell: sign-in, tabs (hash routing, arrow keys), error display.

import { hasToken, localSignIn, localSignInAvailable, setToken, subject } from "/inspector/api.js";
import { context, events, memories, privacy, sessions, timeline } from "/inspector/views.js";

const VIEWS = { sessions, memories, timeline, context, privacy, events };
const main = document.getElementById("panel");
const errorBox = document.getElementById("error");
const tabs = [...document.querySelectorAll('[role="tab"]')];
let generation = 0;

function showError(error) {
  errorBox.hidden = false;
  errorBox.textContent = error.message || String(error);
}

function who() {
  const sub = subject();
  document.getElementById("who").textContent = hasToken() ? `Signed in as ${sub || "(unknown user)"}` : "Not signed in";
}

async function show(name) {
  const view = VIEWS[name] ? name : "sessions";
  for (const tab of tabs) {
    const selected = tab.dataset.view === view;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
  }
  main.setAttribute("aria-labelledby", `tab-${view}`);
  errorBox.hidden = true;
  if (!hasToken()) {
    main.replaceChildren(Object.assign(document.createElement("p"), { className: "hint", textContent: "Sign in first." }));
    return;
  }
  main.dataset.view = view;
  main.dataset.ready = "false";
  // A newer show (another tab, a new sign-in) replaces this one's elements; only the newest
  // says it is ready or reports an error, so a slower older one cannot speak for it.
  const mine = ++generation;
  try {
    await VIEWS[view](main);
  } catch (error) {
    if (mine === generation) showError(error);
  } finally {
    if (mine === generation) main.dataset.ready = "true";
  }
}

function current() {
  return location.hash.replace(/^#/, "") || "sessions";
}

for (const tab of tabs) {
  tab.addEventListener("click", () => {
    if (current() === tab.dataset.view) show(tab.dataset.view);
    else location.hash = tab.dataset.view;
  });
  tab.addEventListener("keydown", (e) => {
    const i = tabs.indexOf(tab);
    const next = e.key === "ArrowRight" ? tabs[(i + 1) % tabs.length] : e.key === "ArrowLeft" ? tabs[(i - 1 + tabs.length) % tabs.length] : null;
    if (next) {
      e.preventDefault();
      next.focus();
      next.click();
    }
  });
}
window.addEventListener("hashchange", () => show(current()));

document.getElementById("token-form").addEventListener("submit", (e) => {
  e.preventDefault();
  setToken(document.getElementById("token").value.trim());
  document.getElementById("token").value = "";
  who();
  show(current());
});

document.getElementById("signin").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    setToken(await localSignIn(document.getElementById("signin-user").value.trim() || "demo-user"));
    who();
    await show(current());
  } catch (error) {
    showError(error);
  }
});

localSignInAvailable().then((yes) => {
  document.getElementById("signin").hidden = !yes;
});
// A failure in a click or submit handler is shown, never swallowed.
window.addEventListener("unhandledrejection", (e) => showError(e.reason || "request failed"));
who();
show(current());

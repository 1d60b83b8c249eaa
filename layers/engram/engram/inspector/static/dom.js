// A tiny DOM builder: every string becomes a text node, so a user's content is never markup.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "className") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "value") el.value = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function when(epoch) {
  if (epoch === undefined || epoch === null) return "—";
  return `${new Date(epoch * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function day(epoch) {
  return new Date(epoch * 1000).toISOString().slice(0, 10);
}

let fieldCount = 0;

// A labelled control: <label for> tied to the control's id.
export function field(label, control) {
  fieldCount += 1;
  if (!control.id) control.id = `f${fieldCount}`;
  return h("div", { className: "field" }, h("label", { for: control.id }, label), control);
}

export function select(name, options, selected = "") {
  return h(
    "select",
    { name },
    options.map(([value, label]) => h("option", { value, selected: value === selected ? "selected" : null }, label)),
  );
}

export function meter(used, budget, label) {
  const share = budget ? Math.min(1, used / budget) : 0;
  const over = budget && used > budget;
  const bar = h("span");
  bar.style.width = `${(share * 100).toFixed(1)}%`; // CSSOM, not a style attribute: the CSP allows it
  return h(
    "span",
    {
      className: over ? "meter over" : "meter",
      role: "meter",
      "aria-label": label,
      "aria-valuemin": 0,
      "aria-valuemax": budget || 0,
      "aria-valuenow": used,
    },
    bar,
  );
}

export function facts(pairs) {
  return h(
    "dl",
    { className: "facts" },
    pairs.filter(([, v]) => v !== undefined).map(([k, v]) => [h("dt", {}, k), h("dd", {}, v ?? "—")]),
  );
}

// The inspector's views. Each takes the <main> element and renders into it from the public API.

import { call, query, seg } from "/inspector/api.js";
import { day, facts, field, h, meter, select, when } from "/inspector/dom.js";

const TYPES = ["fact", "preference", "constraint", "decision", "todo", "timeline", "profile", "note", "summary"];
const STATUSES = ["active", "archived", "compressed", "superseded"];

function stateOf(m) {
  return m.superseded_by ? "superseded" : m.status;
}

function badges(m) {
  return [
    h("span", { className: `badge ${stateOf(m)}` }, stateOf(m)),
    h("span", { className: "badge" }, m.type),
    m.pinned ? h("span", { className: "badge pinned" }, "pinned") : null,
    m.pii_flags.length ? h("span", { className: "badge" }, `PII: ${m.pii_flags.join(", ")}`) : null,
  ];
}

function memoryItem(m, open, current) {
  return h(
    "li",
    {},
    h(
      "button",
      {
        className: "item",
        type: "button",
        "aria-current": current ? "true" : "false",
        dataset: { memoryId: m.memory_id },
        onclick: () => open(m.memory_id),
      },
      h("div", { className: "content" }, m.content),
      h(
        "div",
        { className: "meta" },
        badges(m),
        ` importance ${m.importance.toFixed(2)} · now ${m.effective_importance.toFixed(2)} · ${m.persona_id} · ${day(m.created_at)}`,
      ),
    ),
  );
}

// --- memory detail and edit ---------------------------------------------------------------------

export async function memoryDetail(target, memoryId, onChange) {
  target.replaceChildren(h("p", { className: "hint" }, "Loading…"));
  const [{ memory: m }, log] = await Promise.all([
    call("GET", `/v1/memories/${seg(memoryId)}`),
    call("GET", `/v1/memories/${seg(memoryId)}/lifecycle`),
  ]);
  const content = h("textarea", { name: "content", value: m.content, rows: 4 });
  content.value = m.content;
  const importance = h("input", { name: "importance", type: "number", min: 0, max: 1, step: 0.01 });
  importance.value = String(m.importance);
  const status = h("p", { className: "meta", role: "status", "aria-live": "polite" });
  const act = async (label, fn) => {
    status.textContent = `${label}…`;
    try {
      await fn();
    } catch (error) {
      status.textContent = `${label} failed — ${error.message}`;
      return;
    }
    await onChange(memoryId);
    try {
      await memoryDetail(target, memoryId, onChange); // the memory as it is now (a new version)
      const done = target.querySelector('[role="status"]');
      if (done) done.textContent = `${label}: done`;
    } catch {
      target.replaceChildren(h("p", { className: "hint", id: "memory-gone" }, "The memory is gone."));
    }
  };
  const open = (id) => memoryDetail(target, id, onChange);
  const link = (id) => (id ? h("button", { type: "button", className: "secondary", onclick: () => open(id) }, id) : "—");
  const archived = m.status !== "active";
  const del = h("button", { type: "button", className: "danger", id: "delete-memory" }, "Delete");
  del.addEventListener("click", () => {
    if (del.dataset.armed) act("Delete", () => call("DELETE", `/v1/memories/${seg(memoryId)}`));
    else {
      del.dataset.armed = "1";
      del.textContent = "Confirm delete";
    }
  });
  const form = h(
    "form",
    {
      className: "edit",
      "aria-label": "Edit memory",
      onsubmit: (e) => {
        e.preventDefault();
        const body = { version: m.version };
        if (content.value !== m.content) body.summary = content.value;
        const raw = importance.value.trim();
        if (raw !== "" && Number(raw) !== m.importance) body.importance = Number(raw);
        if (Object.keys(body).length === 1) {
          status.textContent = "Nothing to save: change the content or the importance first.";
          return;
        }
        act("Save", () => call("PATCH", `/v1/memories/${seg(memoryId)}`, body));
      },
    },
    field("Content", content),
    field("Importance (0–1)", importance),
    h(
      "div",
      { className: "actions" },
      h("button", { type: "submit", id: "save-memory" }, "Save"),
      h(
        "button",
        {
          type: "button",
          className: "secondary",
          id: "pin-memory",
          onclick: () =>
            act(m.pinned ? "Unpin" : "Pin", () =>
              call("PATCH", `/v1/memories/${seg(memoryId)}`, { version: m.version, pinned: !m.pinned }),
            ),
        },
        m.pinned ? "Unpin" : "Pin",
      ),
      archived
        ? h(
            "button",
            {
              type: "button",
              className: "secondary",
              id: "restore-memory",
              onclick: () => act("Restore", () => call("POST", `/v1/memories/${seg(memoryId)}/restore`)),
            },
            "Restore",
          )
        : h(
            "button",
            {
              type: "button",
              className: "secondary",
              id: "archive-memory",
              onclick: () => act("Archive", () => call("POST", `/v1/memories/${seg(memoryId)}/archive`)),
            },
            "Archive",
          ),
      del,
    ),
    status,
  );
  target.replaceChildren(
    h(
      "section",
      { className: "panel", "aria-labelledby": "memory-title", id: "memory-detail", dataset: { memoryId } },
      h("h2", { id: "memory-title" }, "Memory"),
      h("p", { className: "content", id: "memory-content" }, m.content),
      h("p", {}, badges(m)),
      facts([
        ["id", m.memory_id],
        ["persona", m.persona_id],
        ["type", m.type],
        ["importance", m.importance.toFixed(3)],
        ["effective now", m.effective_importance.toFixed(3)],
        ["crosses 0.3 at", m.crosses_threshold_at ? when(m.crosses_threshold_at) : "never (does not decay)"],
        ["accesses", `${m.access_count} (last ${when(m.last_accessed_at)})`],
        ["version", String(m.version)],
        ["topics", m.topics.join(", ") || "—"],
        ["emotion", m.emotion || "—"],
        ["PII flags", m.pii_flags.join(", ") || "none"],
        ["session", m.session_id || "—"],
        ["created", when(m.created_at)],
        ["updated", when(m.updated_at)],
        ["valid", `${m.valid_from ? when(m.valid_from) : "always"} → ${m.valid_to ? when(m.valid_to) : "now"}`],
        ["supersedes", link(m.supersedes)],
        ["superseded by", link(m.superseded_by)],
        ["source rounds, links", m.links.length ? h("span", {}, m.links.map((id) => [h("code", {}, id), " "])) : "—"],
        [
          "archive",
          m.archive
            ? `${m.archive.reason} at ${when(m.archive.archived_at)}, ${m.archive.method} ${m.archive.original_bytes}→${m.archive.compressed_bytes} bytes`
            : "—",
        ],
      ]),
      h("h3", {}, "Edit"),
      form,
      h("h3", {}, "Lifecycle log"),
      log.entries.length
        ? h(
            "table",
            { id: "lifecycle" },
            h("thead", {}, h("tr", {}, h("th", {}, "event"), h("th", {}, "at"), h("th", {}, "score"))),
            h(
              "tbody",
              {},
              log.entries.map((e) =>
                h(
                  "tr",
                  {},
                  h("td", {}, e.event),
                  h("td", {}, when(e.at)),
                  h("td", {}, `${e.score_before ?? "—"} → ${e.score_after ?? "—"}`),
                ),
              ),
            ),
          )
        : h("p", { className: "hint" }, "No lifecycle events yet."),
    ),
  );
}

// --- memories -----------------------------------------------------------------------------------

export async function memories(main) {
  const persona = h("input", { name: "persona", placeholder: "any" });
  const type = select("type", [["", "any"], ...TYPES.map((t) => [t, t])]);
  const status = select("status", [["", "not archived (default)"], ...STATUSES.map((s) => [s, s])]);
  const pinned = select("pinned", [["", "any"], ["true", "pinned"], ["false", "not pinned"]]);
  const search = h("input", { name: "q", type: "search", placeholder: "words in any language" });
  const list = h("ul", { className: "list", id: "memory-list", "aria-label": "Memories" });
  const more = h("button", { type: "button", className: "secondary", hidden: true }, "More");
  const count = h("p", { className: "meta", role: "status", "aria-live": "polite" });
  const detail = h("div", { id: "detail" }, h("p", { className: "hint" }, "Pick a memory to see and edit it."));
  let offset = 0;
  let current = "";

  const load = async (reset) => {
    if (reset) {
      offset = 0;
      list.replaceChildren();
    }
    let items;
    let total;
    if (search.value.trim()) {
      const found = await call(
        "GET",
        `/v1/memories/search${query({
          q: search.value.trim(),
          persona_id: persona.value.trim(),
          type: type.value,
          include_archived: status.value === "archived" || status.value === "compressed" ? "true" : "",
          limit: 50,
        })}`,
      );
      // the search route has no status or pinned filter: applied here (the list route applies them itself)
      items = found.results
        .map((r) => r.memory)
        .filter((m) => (!status.value || stateOf(m) === status.value) && (!pinned.value || String(m.pinned) === pinned.value));
      total = items.length;
      more.hidden = true;
    } else {
      const page = await call(
        "GET",
        `/v1/memories${query({
          persona_id: persona.value.trim(),
          type: type.value,
          status: status.value,
          pinned: pinned.value,
          limit: 50,
          offset,
        })}`,
      );
      items = page.memories;
      total = page.total;
      offset += items.length;
      more.hidden = !page.has_more;
    }
    list.append(...items.map((m) => memoryItem(m, open, m.memory_id === current)));
    count.textContent = `${list.children.length} of ${total} memories`;
  };
  const open = async (id) => {
    current = id;
    for (const b of list.querySelectorAll("button.item")) b.setAttribute("aria-current", String(b.dataset.memoryId === id));
    await memoryDetail(detail, id, () => load(true)); // after a change: the list again
  };
  more.addEventListener("click", () => load(false));
  const form = h(
    "form",
    {
      className: "filters",
      "aria-label": "Filter memories",
      onsubmit: (e) => {
        e.preventDefault();
        load(true);
      },
    },
    field("Persona", persona),
    field("Type", type),
    field("Status", status),
    field("Pinned", pinned),
    field("Search", search),
    h("button", { type: "submit", id: "apply-filters" }, "Apply"),
  );
  main.replaceChildren(
    h("h2", {}, "Memories"),
    form,
    h("div", { className: "split" }, h("div", {}, count, list, more), detail),
  );
  await load(true);
}

// --- timeline -----------------------------------------------------------------------------------

export async function timeline(main) {
  const persona = h("input", { name: "persona", placeholder: "any" });
  const type = select("type", [["", "any"], ...TYPES.map((t) => [t, t])]);
  const body = h("div", { className: "timeline", id: "timeline" });
  const render = async () => {
    const data = await call("GET", `/v1/memories/timeline${query({ persona_id: persona.value.trim() })}`);
    const years = new Map();
    for (const month of data.months) {
      const items = month.memories.filter((m) => !type.value || m.type === type.value);
      if (!items.length) continue;
      const year = month.month.slice(0, 4);
      if (!years.has(year)) years.set(year, []);
      years.get(year).push([month.month, items]);
    }
    body.replaceChildren(
      ...(years.size
        ? [...years].map(([year, months]) =>
            h(
              "section",
              { "aria-label": year },
              h("h3", {}, year),
              months.map(([month, items]) => [
                h("h4", {}, `${month} · ${items.length}`),
                h(
                  "ul",
                  { className: "list" },
                  items.map((m) =>
                    h(
                      "li",
                      { className: "event" },
                      h(
                        "div",
                        { className: "item" },
                        h("div", { className: "content" }, m.content),
                        h("div", { className: "meta" }, badges(m), ` ${day(m.created_at)} · ${m.persona_id}`),
                      ),
                    ),
                  ),
                ),
              ]),
            ),
          )
        : [h("p", { className: "hint" }, "No memories in this view.")]),
    );
  };
  const quick = h(
    "div",
    { className: "row", role: "group", "aria-label": "Quick filters" },
    ["", "fact", "preference", "timeline", "todo"].map((t) =>
      h(
        "button",
        {
          type: "button",
          className: "secondary",
          onclick: () => {
            type.value = t;
            render();
          },
        },
        t || "all",
      ),
    ),
  );
  main.replaceChildren(
    h("h2", {}, "Timeline"),
    h(
      "form",
      {
        className: "filters",
        "aria-label": "Filter the timeline",
        onsubmit: (e) => {
          e.preventDefault();
          render();
        },
      },
      field("Persona", persona),
      field("Type", type),
      h("button", { type: "submit" }, "Apply"),
      quick,
    ),
    body,
  );
  await render();
}

// --- sessions -----------------------------------------------------------------------------------

export async function sessions(main) {
  const persona = h("input", { name: "persona", placeholder: "any" });
  const list = h("ul", { className: "list", id: "session-list", "aria-label": "Sessions" });
  const detail = h("div", { id: "session-detail" }, h("p", { className: "hint" }, "Pick a session."));
  const memoryTarget = h("div");
  const open = async (s) => {
    const [view, mems] = await Promise.all([
      call("GET", `/v1/personas/${seg(s.persona_id)}/sessions/${seg(s.session_id)}`),
      call(
        "GET",
        `/v1/memories${query({ persona_id: s.persona_id, session_id: s.session_id, status: "active,archived,compressed,superseded", limit: 100 })}`,
      ),
    ]);
    detail.replaceChildren(
      h(
        "section",
        { className: "panel", "aria-labelledby": "session-title" },
        h("h2", { id: "session-title" }, `${view.persona_id} / ${view.session_id}`),
        facts([
          ["state", view.status],
          ["rounds", String(view.turn_count)],
          [
            "summary cursor",
            view.summary_cursor ? `rounds 1–${view.summary_cursor} are folded into the summary` : "no round folded yet",
          ],
          ["started", when(view.started_at)],
          ["last activity", when(view.last_activity_at)],
          ["expires", when(view.expires_at)],
        ]),
        h("h3", {}, "Rolling summary"),
        h("p", { className: "content", id: "session-summary" }, view.summary || "— (nothing folded yet)"),
        h("h3", {}, `Rounds in the window (${view.recent.length})`),
        h(
          "ol",
          { className: "rounds", id: "session-rounds" },
          view.recent.map((t) =>
            h(
              "li",
              { value: t.seq },
              h("div", { className: "user content" }, t.user),
              h("div", { className: "assistant content" }, t.assistant),
              h("div", { className: "meta" }, `#${t.seq} · ${when(t.created_at)}`),
            ),
          ),
        ),
        h("h3", {}, `Session memories (${mems.memories.length})`),
        mems.memories.length
          ? h(
              "ul",
              { className: "list" },
              mems.memories.map((m) => memoryItem(m, (id) => memoryDetail(memoryTarget, id, async () => {}), false)),
            )
          : h("p", { className: "hint" }, "None yet: a session memory is made when the session ends."),
        memoryTarget,
      ),
    );
  };
  const load = async () => {
    const data = await call("GET", `/v1/sessions${query({ persona_id: persona.value.trim(), limit: 100 })}`);
    list.replaceChildren(
      ...data.sessions.map((s) =>
        h(
          "li",
          {},
          h(
            "button",
            { className: "item", type: "button", dataset: { sessionId: s.session_id }, onclick: () => open(s) },
            h("div", {}, `${s.persona_id} / ${s.session_id}`),
            h("div", { className: "meta" }, `${s.status} · ${s.turn_count} round${s.turn_count === 1 ? "" : "s"} · ${when(s.last_activity_at)}`),
            s.summary_preview ? h("div", { className: "meta content" }, s.summary_preview) : null,
          ),
        ),
      ),
    );
    if (!data.sessions.length) list.replaceChildren(h("li", { className: "hint" }, "No live sessions."));
  };
  main.replaceChildren(
    h("h2", {}, "Sessions"),
    h(
      "form",
      {
        className: "filters",
        "aria-label": "Filter sessions",
        onsubmit: (e) => {
          e.preventDefault();
          load();
        },
      },
      field("Persona", persona),
      h("button", { type: "submit" }, "Apply"),
    ),
    h("div", { className: "split" }, list, detail),
  );
  await load();
}

// --- context preview ----------------------------------------------------------------------------

export async function context(main) {
  const persona = h("input", { name: "persona", value: "default" });
  persona.value = "default";
  const session = h("input", { name: "session", value: "inspector-preview" });
  session.value = "inspector-preview";
  const question = h("textarea", { name: "question", rows: 3, placeholder: "What would the user ask?" });
  const out = h("div", { id: "context-result" });
  const memoryRows = (items) =>
    h(
      "table",
      {},
      h("thead", {}, h("tr", {}, h("th", {}, "source"), h("th", {}, "score"), h("th", {}, "memory"))),
      h(
        "tbody",
        {},
        items.map((m) =>
          h(
            "tr",
            { dataset: { memoryId: m.memory_id } },
            h("td", {}, m.source),
            h("td", {}, m.score === null ? "—" : m.score.toFixed(4)),
            h("td", { className: "content" }, m.preview),
          ),
        ),
      ),
    );
  const run = async () => {
    const data = await call("POST", `/v1/personas/${seg(persona.value.trim())}/sessions/${seg(session.value.trim())}/context`, {
      message: question.value,
      preview: true, // looking must not count as an access: the memories' scores stay as they are
    });
    out.replaceChildren(
      h(
        "section",
        { className: "panel", "aria-label": "Gate" },
        h("h3", {}, "Memory gate"),
        h("p", { id: "gate" }, h("span", { className: `badge ${data.gate.decision}` }, data.gate.decision), ` ${data.gate.reason} · language ${data.gate.language}`),
      ),
      h("h3", {}, "Prompt"),
      h(
        "p",
        { id: "total-tokens" },
        meter(data.total_tokens, data.max_tokens, "prompt tokens against the budget"),
        ` ${data.total_tokens} of ${data.max_tokens} tokens (${data.encoding})`,
      ),
      h(
        "table",
        { id: "blocks" },
        h(
          "thead",
          {},
          h("tr", {}, ["block", "tokens", "budget", "", "items", "trimmed"].map((c) => h("th", {}, c))),
        ),
        h(
          "tbody",
          {},
          data.blocks.map((b) =>
            h(
              "tr",
              { dataset: { block: b.name } },
              h("td", {}, b.name),
              h("td", { className: "tokens" }, String(b.tokens)),
              h("td", {}, b.budget === null ? "—" : String(b.budget)),
              h("td", {}, b.budget === null ? "" : meter(b.tokens, b.budget, `${b.name} tokens against its budget`)),
              h("td", {}, String(b.items)),
              h("td", {}, String(b.trimmed)),
            ),
          ),
        ),
      ),
      h("h3", {}, `Memories in the prompt (${data.memories.length})`),
      h("div", { id: "used-memories" }, data.memories.length ? memoryRows(data.memories) : h("p", { className: "hint" }, "None.")),
      h("h3", {}, `Left out for the budgets (${data.trimmed_memories.length})`),
      h(
        "div",
        { id: "trimmed-memories" },
        data.trimmed_memories.length ? memoryRows(data.trimmed_memories) : h("p", { className: "hint" }, "None."),
      ),
      h("h3", {}, "Messages"),
      h(
        "div",
        { className: "messages" },
        data.messages.map((m) => [h("div", { className: "label" }, m.role), h("pre", {}, m.content)]),
      ),
    );
  };
  main.replaceChildren(
    h("h2", {}, "Context preview"),
    h(
      "p",
      { className: "hint" },
      "Assembles the prompt for a question without calling a model, storing a round or counting an access.",
    ),
    h(
      "form",
      {
        className: "filters",
        "aria-label": "Preview the context",
        onsubmit: (e) => {
          e.preventDefault();
          run().catch((error) => out.replaceChildren(h("p", { className: "error", role: "alert" }, error.message)));
        },
      },
      field("Persona", persona),
      field("Session", session),
      field("Question", question),
      h("button", { type: "submit", id: "preview" }, "Preview"),
    ),
    out,
  );
}

// --- privacy ------------------------------------------------------------------------------------

export async function privacy(main) {
  const status = h("p", { className: "meta", role: "status", "aria-live": "polite" });
  const download = h("button", { type: "button", id: "download-export" }, "Download my data (JSON)");
  download.addEventListener("click", async () => {
    status.textContent = "Exporting…";
    try {
      const data = await call("GET", "/v1/me/export");
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const a = h("a", { href: URL.createObjectURL(blob), download: `engram-export-${data.user_id}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 60_000); // the download has started by then
      const counts = Object.entries(data.counts).map(([k, v]) => `${k} ${v}`).join(", ");
      status.textContent = `Export ready: ${counts || "nothing stored"}`;
    } catch (error) {
      status.textContent = `Export failed — ${error.message}`;
    }
  });
  const requestId = h("input", { name: "request", placeholder: "erasure request id" });
  const receipt = h("div", { id: "receipt" });
  const show = async () => {
    const r = await call("GET", `/v1/me/erasure/${seg(requestId.value.trim())}`);
    receipt.replaceChildren(
      facts([
        ["request", r.request_id],
        ["state", r.state],
        ["scope", r.scope],
        ["requested", when(r.requested_at)],
        ["completed", when(r.completed_at)],
      ]),
      r.receipt ? h("pre", { className: "json", id: "receipt-json" }, JSON.stringify(r.receipt, null, 2)) : h("p", { className: "hint" }, "No receipt yet: the erasure has not completed."),
    );
  };
  main.replaceChildren(
    h("h2", {}, "Privacy"),
    h("section", { className: "panel" }, h("h3", {}, "Export"), h("p", {}, "Everything Engram holds of you, as JSON."), download, status),
    h(
      "section",
      { className: "panel" },
      h("h3", {}, "Erasure receipt"),
      h(
        "form",
        {
          className: "filters",
          "aria-label": "Show an erasure receipt",
          onsubmit: (e) => {
            e.preventDefault();
            show().catch((error) => receipt.replaceChildren(h("p", { className: "error", role: "alert" }, error.message)));
          },
        },
        field("Erasure request id", requestId),
        h("button", { type: "submit", id: "show-receipt" }, "Show"),
      ),
      receipt,
    ),
  );
}

// The memory change events of the signed-in user (docs/events.md): the local stack's bus only
// (GET /local/events); in AWS they go to EventBridge, where a rule subscribes to them.
export async function events(main) {
  const list = h("ul", { className: "list", id: "event-feed" });
  const note = h("p", { className: "meta", role: "status", "aria-live": "polite" });
  const render = async () => {
    let data;
    try {
      data = await call("GET", "/local/events");
    } catch (error) {
      if (error.status !== 404) throw error;
      note.textContent = "The event feed is the local stack's: in AWS, subscribe to the EventBridge bus with a rule.";
      list.replaceChildren();
      return;
    }
    note.textContent = `${data.events.length} latest events, newest first. Events carry ids, never content.`;
    list.replaceChildren(
      ...data.events.map((e) => {
        const d = e.detail;
        const what = e["detail-type"] === "user.erased" ? `receipt ${d.receipt_id}` : `${d.memory_id} · ${d.type} · importance ${d.importance} · v${d.version}`;
        return h(
          "li",
          { className: "event", dataset: { type: e["detail-type"] } },
          h("span", { className: "badge" }, e["detail-type"]),
          d.pinned ? h("span", { className: "badge pinned" }, "pinned") : null,
          " ",
          what,
          h("span", { className: "meta" }, ` ${when(d.occurred_at)}${d.persona_id ? ` · ${d.persona_id}` : ""}`),
        );
      }),
    );
  };
  const refresh = h("button", { type: "button", id: "refresh-events" }, "Refresh");
  refresh.addEventListener("click", () => render().catch((error) => (note.textContent = error.message)));
  main.replaceChildren(h("h2", {}, "Memory change events"), h("div", { className: "filters" }, refresh), note, list);
  await render();
}

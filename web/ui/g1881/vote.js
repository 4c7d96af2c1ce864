// The S-Bahn board's decisions on the chairman's proposal (1881 12.6, option s_veto): a
// board member allows it or vetoes it; after a veto each member votes yes or no. Every
// button sends one entry of the engine's `legal` list; the proposal, the votes so far and
// the tally are the view's `board` (sbahn_veto.view); nothing here counts votes.

import { h } from "../dom.js";
import { actButton, byType } from "../g18xx/controls.js";
import { seatName } from "./format.js";

function group(testid, title, ...body) {
  return h("section", { class: "g81-group", "data-testid": testid }, h("h3", { class: "g81-group-title" }, title), ...body);
}

/** "Anna (chairman) proposes: tile 8 on F5 (rotation 2)". */
function proposalLine(view) {
  const board = view.board;
  if (!board || !board.text) return null;
  return h("p", { "data-testid": "board-proposal" }, `${seatName(view, board.chairman)} (chairman) proposes for the S-Bahn: ${board.text}`);
}

/** The votes cast so far, open (12.6), with each member's number of votes and the tally. */
function votesLine(view) {
  const board = view.board;
  if (!board) return null;
  const cast = Object.entries(board.votes ?? {}).map(([seat, yes]) => {
    const n = board.weights?.[seat] ?? 1;
    return `${seatName(view, Number(seat))}: ${yes ? "yes" : "no"}${n > 1 ? ` (${n} votes)` : ""}`;
  });
  const [yes, no] = board.tally ?? [0, 0];
  return h(
    "p",
    { class: "muted small", "data-testid": "board-tally" },
    board.vetoer !== null && board.vetoer !== undefined ? `${seatName(view, board.vetoer)} vetoed. ` : "",
    cast.length ? `${cast.join(", ")}. ` : "",
    `For ${yes}, against ${no}; a tie goes to the chairman.`,
  );
}

/** allow / veto: both buttons in one group (drawn once, for "allow"). */
function answerGroup(g, entries, type) {
  const legal = g.legal();
  const allow = byType(legal, "allow")[0];
  if (type === "veto" && allow) return null; // drawn with allow
  const veto = byType(legal, "veto")[0];
  return group(
    "board-step",
    "The chairman's proposal (12.6)",
    proposalLine(g.view),
    h("p", { class: "muted small" }, "As a board member you may veto it; the board then votes."),
    h(
      "div",
      { class: "decide-buttons" },
      allow ? actButton(g, allow, "Allow", { testid: "act-allow", primary: true }) : null,
      veto ? actButton(g, veto, "Veto", { testid: "act-veto", class: "ghost" }) : null,
    ),
  );
}

/** vote yes / no after a veto. */
function voteGroup(g, entries) {
  const label = { yes: "Vote for it", no: "Vote against it" };
  return group(
    "vote-step",
    "The board votes (12.6)",
    proposalLine(g.view),
    votesLine(g.view),
    h("div", { class: "decide-buttons" }, entries.map((a) => actButton(g, a, label[a.choice] ?? a.choice, { testid: `act-vote-${a.choice}` }))),
  );
}

/** The decision groups by action type, for decide.js's GROUPS. */
export const VOTE_GROUPS = { allow: answerGroup, veto: answerGroup, vote: voteGroup };

// The review queue's URL (docs/routes.md): `/review?kind=restaurant|report|confirmation&page=N`,
// 50 a page, read once and written by the same functions; and what the queue says about itself.
import { REPORT_REASON_LABELS } from "./fields";
import {
  QUEUE_PAGE_SIZE,
  SUBMISSION_KINDS,
  isSubmissionKind,
  type PendingCount,
  type StoredSubmission,
  type SubmissionKind,
} from "../directory/submission-store";

export type QueueView = { kind: SubmissionKind | null; page: number };

/** `kind`: one of the kinds, else all; `page`: a positive integer, else 1 (a page past the end is empty). */
export function parseQueueParams(params: URLSearchParams): QueueView {
  const kind = params.get("kind");
  const page = params.get("page") ?? "";
  return {
    kind: isSubmissionKind(kind) ? kind : null,
    page: /^[1-9][0-9]{0,5}$/.test(page) ? Number(page) : 1,
  };
}

export function queueHref({ kind, page }: QueueView): string {
  const params = new URLSearchParams();
  if (kind) params.set("kind", kind);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/review?${query}` : "/review";
}

export const queueOffset = (page: number) => (page - 1) * QUEUE_PAGE_SIZE;

export const KIND_LABELS: Record<SubmissionKind, string> = {
  restaurant: "Suggestions",
  report: "Reports",
  confirmation: "Confirmations",
};

/** How many are pending of a kind (all kinds: null). */
export function pendingOf(counts: readonly PendingCount[], kind: SubmissionKind | null): number {
  return counts.filter((count) => kind === null || count.kind === kind).reduce((sum, count) => sum + count.pending, 0);
}

/** The queue's numbers, each kind with its reasons: 'Reports: 9 (diet 2, closed 1, hours 6)'. */
export function countLines(
  counts: readonly PendingCount[],
): { kind: SubmissionKind; total: number; reasons: string }[] {
  return SUBMISSION_KINDS.map((kind) => {
    const ofKind = counts.filter((count) => count.kind === kind);
    const reasons = ofKind
      .filter((count) => count.reason !== null)
      .map((count) => `${REPORT_REASON_LABELS[count.reason!]}: ${count.pending}`)
      .join(" · ");
    return { kind, total: pendingOf(ofKind, kind), reasons };
  });
}

/**
 * Safety first: a report that the dietary information is wrong or that the place closed, a
 * confirmation of a reaction or of a diner who could not order. The databases keep the same
 * rule as the column `submissions.urgent` that orders the queue (tests check they agree); this
 * states it for one submission shown on its own.
 */
export function isUrgent({ kind, reason, payload }: Pick<StoredSubmission, "kind" | "reason" | "payload">): boolean {
  if (kind === "report") return reason === "diet" || reason === "closed";
  if (kind === "confirmation") return payload.outcome === "reacted" || payload.outcome === "could-not-order";
  return false;
}

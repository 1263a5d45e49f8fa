import "server-only";
import { cookies } from "next/headers";
import type { DbClient } from "@/lib/db/create-client";
import { env } from "@/lib/env";
import {
  type Claimant,
  findSubmission,
  hashSubmitter,
  type ResumableOrder,
  type Review,
  type Submitter,
} from "./submitter";
import { isSubmitterSecret, newSubmitterSecret, submitterCookie, submitterCookieName } from "./submitter-cookie.mjs";

// The pay actions' side of ./submitter.ts: the browser's submitter cookie, read (or set) in a
// server action, and the submission a review is for this browser.

/**
 * In a server action: this browser's submitter. Reads the cookie; when it is absent (or not a
 * secret this shop made), makes a new secret and sets the cookie on the action's response.
 */
export async function currentSubmitter(): Promise<Submitter> {
  const jar = await cookies();
  const present = jar.get(submitterCookieName(env.APP_URL))?.value;
  if (isSubmitterSecret(present)) return { secret: present, hash: hashSubmitter(present) };
  const secret = newSubmitterSecret();
  jar.set(submitterCookie(secret, false, env.APP_URL));
  return { secret, hash: hashSubmitter(secret) };
}

/** A pay action's submission: its id, the order it already made (if any) and who presents it. */
export type Submission = {
  submissionId: string;
  existing: ResumableOrder | null;
  submitterHash: string;
  claimant: Claimant;
};

/** In a pay action, once the input is valid: this browser's submission of this review. */
export async function submissionOf(db: DbClient, review: Review): Promise<Submission> {
  const submitter = await currentSubmitter();
  const { submissionId, existing } = await findSubmission(db, submitter, review);
  return {
    submissionId,
    existing,
    submitterHash: submitter.hash,
    claimant: { userId: review.userId, submitterHash: submitter.hash },
  };
}

import { expect } from "@playwright/test";
import type { E2eServer } from "../../playwright.config";
import { inlineImageOf, type CaughtMail } from "../../testing/mail-catcher";

// The local mail catcher beside each e2e server (scripts/e2e-server.mjs: its inbox 2100 above
// the app's port), read through its REST API: what the buyer's mailbox would hold.

export type InboxMail = CaughtMail;

export function inboxUrl(server: E2eServer): string {
  return `http://127.0.0.1:${Number(new URL(server.baseURL).port) + 2100}`;
}

export async function mailsTo(server: E2eServer, address: string): Promise<InboxMail[]> {
  const all = (await (await fetch(`${inboxUrl(server)}/api/email`)).json()) as InboxMail[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits until `address` has mails with all of `subjects` (matched in any order); answers them. */
export async function expectMails(
  server: E2eServer,
  address: string,
  subjects: RegExp[],
  timeout = 20_000,
): Promise<InboxMail[]> {
  let found: InboxMail[] = [];
  await expect(async () => {
    const mails = await mailsTo(server, address);
    found = subjects
      .map((subject) => mails.find((mail) => subject.test(mail.subject)))
      .filter((mail): mail is InboxMail => Boolean(mail));
    expect(found.map((mail) => mail.subject)).toHaveLength(subjects.length);
  }).toPass({ timeout });
  return found;
}

/** The bytes of a mail's inline image (`cid:`), as the buyer's mail client shows it. */
export function inlineImage(server: E2eServer, mail: InboxMail, contentId: string): Promise<Buffer | null> {
  return inlineImageOf(`${inboxUrl(server)}/api`, mail, contentId);
}

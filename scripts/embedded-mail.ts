// With no SMTP_URL, `npm start` runs a local mail catcher (MailDev: a real SMTP server with a
// web inbox) beside the app, on loopback, and points the app at it, so a newcomer reads every
// mail the shop sends at the printed address. Its mail is kept beside the shop's database and
// survives restarts; the newest 1,000 are kept.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { sqliteFilePath } from "../lib/db/urls.ts";
import { isSqliteUrl, type Env } from "../lib/env-schema.ts";

export function needsMailCatcher(env: Env): boolean {
  return !env.SMTP_URL;
}

/** `mail/` beside the SQLite database, or `data/mail` when the database is PostgreSQL. */
function mailDirectory(databaseUrl: string): string {
  return isSqliteUrl(databaseUrl) ? join(dirname(sqliteFilePath(databaseUrl)), "mail") : resolve("data/mail");
}

/** Starts the catcher and waits until its inbox answers; answers its SMTP URL and inbox address. */
export async function startMailCatcherProcess(
  env: Env,
  spawnEnv: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; smtpUrl: string; inboxUrl: string }> {
  const api = `http://127.0.0.1:${env.MAIL_CATCHER_WEB_PORT}/api/healthz`;
  if (await answers(api)) {
    throw new Error(
      `port ${env.MAIL_CATCHER_WEB_PORT} is already in use (a mail catcher left running?); stop it or set MAIL_CATCHER_WEB_PORT`,
    );
  }
  const directory = mailDirectory(env.DATABASE_URL);
  mkdirSync(directory, { recursive: true });
  const args = [
    "--smtp",
    String(env.MAIL_CATCHER_SMTP_PORT),
    "--web",
    String(env.MAIL_CATCHER_WEB_PORT),
    "--ip",
    "127.0.0.1",
    "--web-ip",
    "127.0.0.1",
    "--mail-directory",
    directory,
    "--max-emails",
    "1000",
    "--silent",
  ];
  const child = spawn("node_modules/.bin/maildev", args, { stdio: "inherit", env: spawnEnv });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the mail catcher exited (code ${child.exitCode}); is port ${env.MAIL_CATCHER_SMTP_PORT} free?`);
    if (await answers(api)) {
      return {
        child,
        smtpUrl: `smtp://127.0.0.1:${env.MAIL_CATCHER_SMTP_PORT}`,
        inboxUrl: `http://localhost:${env.MAIL_CATCHER_WEB_PORT}`,
      };
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  child.kill();
  throw new Error(`the mail catcher did not answer at ${api} within 30 s`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

// `npm run staff:link -- <email>`: prints a one-time link with which that staff member sets a
// new password (an invitation if they never had one). The way back in when the only admin lost
// their password: the first admin's generated password is printed only once. Whoever can run
// this can read the database anyway; the audit log records it as issued from the console.
import { fail, prepareScriptEnv } from "./script-env.ts";

const email = process.argv[2]?.trim().toLowerCase();
if (!email) fail("Usage: npm run staff:link -- <staff email>");
prepareScriptEnv({ existingDatabase: true });

// Imported only now: these modules read the environment prepared above.
const [{ db }, { env }, { issuePasswordLink }] = await Promise.all([
  import("../lib/db/index.ts"),
  import("../lib/env.ts"),
  import("../lib/admin/password-links.ts"),
]);
try {
  const user = await db.user.findUnique({ where: { email } });
  if (!user || user.role === "customer") {
    const staff = await db.user.findMany({
      where: { role: { in: ["staff", "admin"] } },
      select: { email: true },
      orderBy: { email: "asc" },
    });
    fail(`No staff account has the email ${email}. Staff accounts: ${staff.map((s) => s.email).join(", ") || "none"}.`);
  }
  const result = await issuePasswordLink(db, { id: null, email: "console (npm run staff:link)" }, user.id);
  if (!result.ok) fail(result.message);
  const { link } = result;
  console.log(
    `${link.purpose === "invite" ? "Invitation" : "Password reset"} link for ${link.email} (${user.role}), valid once until ${link.expiresAt.toISOString()}:`,
  );
  console.log(new URL(link.path, env.APP_URL).toString());
} finally {
  await db.$disconnect();
}

import { connection } from "next/server";
import type { ReactNode } from "react";

// Staff pages are rendered per request, with the CSP nonce proxy.ts gives them.
export default async function AdminRootLayout({ children }: { children: ReactNode }) {
  await connection();
  return children;
}

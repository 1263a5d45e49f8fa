import { notFound } from "next/navigation";

// A staff address no page matches: the staff 404 (app/admin/not-found.tsx) in the staff document.
// Without this page the buyer pages' [locale] segment would take it (as the language "admin")
// and Next.js would answer its bare default 404.
export default function UnknownStaffPage(): never {
  notFound();
}

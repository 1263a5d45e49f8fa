import { notFound } from "next/navigation";

// Any buyer address no page answers: the shop's not-found page, in the shop's frame and the
// address's language (./../not-found.tsx), rather than the bare one outside [locale].
export default function UnknownPage() {
  notFound();
}

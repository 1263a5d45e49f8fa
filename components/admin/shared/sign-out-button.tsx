import { signOutAction } from "@/app/[locale]/(shop)/account/actions";

/** Ends the staff session (the shop's own sign-out action; it lands on the shop's home). */
export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <button type="submit" className="rounded-lg px-2 py-1 text-muted hover:bg-surface-muted hover:text-fg">
        Sign out
      </button>
    </form>
  );
}

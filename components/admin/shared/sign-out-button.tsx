/** Ends the staff session (the shop's own sign-out action; it lands on the shop's home). */
export function SignOutButton({ signOut }: { signOut: () => Promise<void> }) {
  return (
    <form action={signOut}>
      <button type="submit" className="rounded-lg px-2 py-1 text-muted hover:bg-surface-muted hover:text-fg">
        Sign out
      </button>
    </form>
  );
}

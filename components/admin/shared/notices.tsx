/** Problems with what the URL asked for (a bad filter value …), shown above a list. */
export function Notices({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <ul role="alert" className="mb-4 flex flex-col gap-1 rounded-lg bg-warn-soft px-4 py-3 text-sm text-warn">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

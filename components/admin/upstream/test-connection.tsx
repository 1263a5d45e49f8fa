"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";

type Result = { ok: true; lines: string[] } | { ok: false; code: string; message: string };

/** Runs the connection test on the server and shows what came back. */
export function TestConnection({ test, label = "Test connection" }: { test: () => Promise<Result>; label?: string }) {
  const [result, setResult] = useState<Result | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex flex-col gap-2">
      <div>
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() => startTransition(async () => setResult(await test()))}
        >
          {pending ? "Testing…" : label}
        </Button>
      </div>
      <div aria-live="polite" data-testid="connection-test-result">
        {result?.ok ? (
          <ul className="text-sm text-ok">
            <li className="font-medium">Connection works.</li>
            {result.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : result ? (
          <p role="alert" className="text-sm text-danger">
            <span className="font-medium">Connection failed ({result.code}).</span> {result.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

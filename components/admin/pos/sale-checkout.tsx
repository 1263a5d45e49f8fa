"use client";

import Link from "next/link";
import { Fragment, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { PlaceResult, PreviewResult } from "@/lib/admin/pos/types";
import type { SalePreview, SaleRequest } from "@/lib/admin/pos/sale-request";
import { formatMoney } from "@/lib/money";

// The end of every point-of-sale flow, whatever the product: the mandatory preview (the
// upstream's quote, fetched when staff ask for it), then the buyer's email and "Place sale —
// paid at counter". The submission id is made once per preview, so a double click or a retry
// after a network error finds the same order on the server instead of selling twice.

const EMAIL_HINT = "For the receipt. Leave empty to send it to you.";

type Actions = {
  preview: (sale: SaleRequest) => Promise<PreviewResult>;
  place: (input: unknown) => Promise<PlaceResult>;
};

export function SaleCheckout({
  sale,
  actions,
  onReset,
}: {
  sale: SaleRequest | null;
  actions: Actions;
  onReset: () => void;
}) {
  const [preview, setPreview] = useState<{ sale: SaleRequest; data: SalePreview; submissionId: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [placed, setPlaced] = useState<{ ref: string; status: string } | null>(null);
  const [pending, start] = useTransition();
  const current = preview && sale && JSON.stringify(preview.sale) === JSON.stringify(sale) ? preview : null;

  function runPreview() {
    if (!sale) return;
    setError(null);
    start(async () => {
      const result = await actions.preview(sale);
      if (result.ok) setPreview({ sale, data: result.preview, submissionId: crypto.randomUUID() });
      else setError(result.error);
    });
  }

  function place() {
    if (!current) return;
    setError(null);
    setEmailError(undefined);
    start(async () => {
      const result = await actions.place({
        sale: current.sale,
        submissionId: current.submissionId,
        expectedTotalMinor: current.data.totalMinor,
        email,
      });
      if (result.ok) setPlaced({ ref: result.ref, status: result.status });
      else if (result.field === "email") setEmailError(result.error);
      else {
        setError(result.error);
        if (result.priceChanged) setPreview(null);
      }
    });
  }

  if (placed) {
    return (
      <div role="status" className="rounded-xl border border-ok bg-ok-soft p-4">
        <p className="font-semibold">Sale placed and paid at the counter.</p>
        <p className="mt-1 text-sm">
          Order <span className="font-mono">{placed.ref}</span> is being delivered.{" "}
          <Link className="font-medium underline" href={`/orders/${placed.ref}`}>
            Follow the order
          </Link>
        </p>
        <Button
          className="mt-3"
          variant="secondary"
          onClick={() => {
            setPlaced(null);
            setPreview(null);
            setEmail("");
            onReset();
          }}
        >
          New sale
        </Button>
      </div>
    );
  }

  const c = current?.data;
  return (
    <div className="grid gap-4">
      <div>
        <Button variant="secondary" onClick={runPreview} disabled={!sale || pending}>
          {pending && !current ? "Getting the preview…" : current ? "Preview again" : "Preview"}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      {c ? (
        <section aria-labelledby="pos-preview-title" className="rounded-xl border border-border p-4">
          <h2 id="pos-preview-title" className="font-semibold">
            Preview
          </h2>
          <p className="mt-1 text-sm text-muted">{c.label}</p>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
            {c.facts?.map((fact) => (
              <Fragment key={fact.label}>
                <dt className="text-muted">{fact.label}</dt>
                <dd className="text-right font-medium break-all">{fact.value}</dd>
              </Fragment>
            ))}
            <dt>Amount</dt>
            <dd className="text-right tabular-nums">{formatMoney(c.amountMinor, c.currency)}</dd>
            <dt>Service fee</dt>
            <dd className="text-right tabular-nums">{formatMoney(c.serviceFeeMinor, c.currency)}</dd>
            {c.smsFeeMinor > 0 ? (
              <>
                <dt>SMS fee</dt>
                <dd className="text-right tabular-nums">{formatMoney(c.smsFeeMinor, c.currency)}</dd>
              </>
            ) : null}
            <dt className="font-semibold">Buyer pays</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="pos-total">
              {formatMoney(c.totalMinor, c.currency)}
            </dd>
            <dt className="text-muted">Upstream cost · margin</dt>
            <dd className="text-right text-muted tabular-nums">
              {formatMoney(c.costMinor, c.currency)} · {formatMoney(c.marginMinor, c.currency)}
            </dd>
          </dl>
          {c.sufficientCredits === false ? (
            <p className="mt-3 text-sm font-medium text-warn">
              The shop&apos;s credit balance does not cover this sale: it would wait for staff.
            </p>
          ) : null}
          <div className="mt-4 grid gap-4 sm:max-w-md">
            <Field id="pos-email" label="Buyer email (optional)" hint={EMAIL_HINT} error={emailError}>
              <Input
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="off"
                {...fieldAria("pos-email", { hint: EMAIL_HINT, error: emailError })}
              />
            </Field>
            <Button onClick={place} disabled={pending}>
              {pending ? "Placing…" : `Place sale — paid at counter ${formatMoney(c.totalMinor, c.currency)}`}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

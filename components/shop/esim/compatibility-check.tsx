import { CheckCircle2 } from "lucide-react";
import { Link } from "@/lib/i18n/navigation";
import { Card, CardTitle } from "@/components/ui/card";

// Before paying for an eSIM: will it work on the buyer's phone? The two reasons an eSIM cannot
// be used (the phone has no eSIM, or it is locked to a carrier) are the most common complaint
// about eSIM shops, and an eSIM cannot be returned once delivered. A short check that informs
// and never blocks: a buyer who knows goes straight on to pay.

const CHECKS = [
  { title: "Your phone supports eSIM", text: "Dial *#06#: if the screen shows an EID (a 32-digit number), it does. Most iPhones since the XS and XR, Google Pixel 3 and later, and recent Samsung Galaxy S, Z and A models do." },
  { title: "It is not locked to a carrier", text: "A phone bought on a contract may only accept its carrier's SIMs. On iPhone: Settings › General › About › Carrier Lock says “No SIM restrictions”. On Android: Settings › About phone, or ask your carrier." },
  { title: "You install it before you travel", text: "On Wi-Fi, on the phone you travel with. The plan starts when it first connects at your destination (or as the plan says)." },
];

export function EsimCompatibilityCheck() {
  return (
    <Card data-testid="esim-compatibility">
      <CardTitle id="compatibility-heading" className="mb-3">
        Will it work on your phone?
      </CardTitle>
      <ul className="flex flex-col gap-3 text-sm">
        {CHECKS.map((check) => (
          <li key={check.title} className="flex gap-3">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-ok" aria-hidden="true" />
            <span>
              <span className="font-medium">{check.title}.</span> <span className="text-muted">{check.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted">
        Not sure? See <Link href="/faq" prefetch={false} className="font-medium text-brand underline-offset-4 hover:underline">which phones support eSIM</Link>. A delivered eSIM cannot be returned.
      </p>
    </Card>
  );
}

import { Card, CardTitle } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { ApiHealth } from "@/lib/upstream/connection/health";

const API_NAMES = { commerce: "Commerce API", unlock: "Unlocking API", oauth: "Authorization server" } as const;

/** Last successful call, rate-limit headroom and the last day's errors by code, for one API. */
export function HealthPanel({ health }: { health: ApiHealth }) {
  const headingId = `health-${health.api}`;
  const limit = health.rateLimit;
  return (
    <Card aria-labelledby={headingId}>
      <CardTitle id={headingId} className="mb-3">
        {API_NAMES[health.api]} health
      </CardTitle>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Last successful call</dt>
          <dd className="font-medium">
            {health.lastSuccessAt ? <LocalTime iso={health.lastSuccessAt.toISOString()} /> : "None recorded yet"}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Rate-limit headroom</dt>
          <dd className="font-medium">
            {limit ? (
              <>
                {limit.remaining} of {limit.limit} requests left
                {limit.resetAt ? (
                  <span className="font-normal text-muted">
                    {" "}
                    (window resets <LocalTime iso={limit.resetAt.toISOString()} />)
                  </span>
                ) : null}
              </>
            ) : (
              "Not reported by this API yet"
            )}
          </dd>
        </div>
      </dl>
      <h3 className="mt-4 mb-2 text-sm font-semibold">Errors in the last 24 hours</h3>
      {health.recentErrors.length === 0 ? (
        <p className="text-sm text-muted">No errors.</p>
      ) : (
        <Table>
          <caption className="sr-only">{API_NAMES[health.api]} errors by code</caption>
          <thead>
            <tr>
              <Th>Code</Th>
              <Th className="text-right">Count</Th>
              <Th>Last seen</Th>
            </tr>
          </thead>
          <tbody>
            {health.recentErrors.map((e) => (
              <tr key={e.code}>
                <Td className="font-mono">{e.code}</Td>
                <Td className="text-right tabular-nums">{e.count}</Td>
                <Td>
                  <LocalTime iso={e.lastAt.toISOString()} />
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

import { expect, request, test } from "@playwright/test";
import { serverOf, uniqueEmail } from "../helpers/server";
import { buyTopupUntilFulfilled, TEST_PHONE } from "../helpers/topup";
import { EmulatorControls } from "../helpers/emulator";

// The upstream budget, as an attacker and a buyer see it. One network floods the top-up
// review page with distinct price checks (every rate, with and without the SMS notice, for
// two numbers), forging X-Forwarded-For and the shop's own peer header on every request: past
// its per-network limit the page still answers 200, with "Too many price checks from your
// network. Please try again in N seconds." and no upstream preview. A buyer on another network
// (the same machine over IPv4: 127.0.0.1, while the flood comes over IPv6 loopback ::1)
// buys a top-up normally in the same minute.

const OPERATOR_PAGE = "/topup/gb/1010-o2";
const REFUSED = /Too many price checks from your network\. Please try again in \d+ seconds?\./;

test("a preview flood from one network is refused with a clear message while a buyer elsewhere completes a purchase", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const server = serverOf(testInfo);
  const emulator = new EmulatorControls(server.emulatorUrl);
  const attacker = await request.newContext({ baseURL: server.baseURL.replace("127.0.0.1", "[::1]") });
  try {
    // The rate tokens, as the operator page lists them to anyone.
    const listing = await (await attacker.get(`${OPERATOR_PAGE}?phone=${encodeURIComponent(TEST_PHONE)}`)).text();
    const tokens = [...new Set([...listing.matchAll(/name="rate" value="(tp_[A-Za-z0-9]+)"/g)].map((m) => m[1]!))];
    expect(tokens.length).toBeGreaterThanOrEqual(5);

    const views = [TEST_PHONE, "+447400123457"].flatMap((phone) =>
      tokens.flatMap((rate) =>
        ["", "&sms=1"].map((sms) => `${OPERATOR_PAGE}?${new URLSearchParams({ phone, rate })}${sms}`),
      ),
    );
    expect(views.length).toBeGreaterThan(24);
    const previewsBefore = (await emulator.counters())["POST /v2/orders/preview"] ?? 0;
    const pages: { status: number; refused: boolean }[] = [];
    for (let i = 0; i < views.length; i += 4) {
      const batch = views.slice(i, i + 4).map(async (url, j) => {
        const n = i + j;
        const response = await attacker.get(url, {
          headers: { "X-Forwarded-For": `198.51.100.${n}`, "X-Shop-Peer-Address": `203.0.113.${n}` },
        });
        return { status: response.status(), refused: REFUSED.test(await response.text()) };
      });
      pages.push(...(await Promise.all(batch)));
    }
    // Every page answered (no 500), the later ones with the message; forged headers made no new visitor.
    expect(pages.every((p) => p.status === 200)).toBe(true);
    // At most the network's 20 live previews a minute reached the supplier (a view another spec
    // priced in the last minute is reused without one); every other view was refused.
    const previews = ((await emulator.counters())["POST /v2/orders/preview"] ?? 0) - previewsBefore;
    expect(previews).toBeLessThanOrEqual(20);
    expect(pages.filter((p) => p.refused).length).toBeGreaterThanOrEqual(views.length - 20 - 4);

    // Still refused on the next view (the limit holds for the rest of the minute).
    expect(await (await attacker.get(views.at(-1)!)).text()).toMatch(REFUSED);
  } finally {
    await attacker.dispose();
  }

  // A buyer on another network, in the same minute: price shown, paid, placed and fulfilled.
  await buyTopupUntilFulfilled(page, emulator, uniqueEmail("budget-drain"));
});

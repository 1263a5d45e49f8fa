import { seededRandom } from "../../core/random";
import type { UnlockCatalog } from "../catalog";
import type { UnlockOrder } from "./store";

// The multi-line `howto` of an available order. Remote unlocks (Apple, USB, SRO) need no code;
// the others get an unlock code that is deterministic for the seed and ticket.

export function unlockCode(seed: number, orderId: number): string {
  const rand = seededRandom(seed, `unlock-code:${orderId}`);
  return Array.from({ length: 16 }, () => Math.floor(rand() * 10)).join("");
}

export function howto(order: UnlockOrder, catalog: UnlockCatalog): string {
  const device = catalog.devices.get(order.deviceId);
  const network = catalog.network(order.networkId);
  const phone = device ? `${device.brand} ${device.name}` : `device ${order.deviceId}`;
  const carrier = network?.name ?? `network ${order.networkId}`;
  const header = `Unlock instructions for ${phone}, IMEI ${order.imei}, locked to ${carrier} (ticket ${order.id}):`;
  const remote = device?.brand === "Apple" || order.tool.tool_type === "usb" || order.tool.sro === "true";

  const steps = remote
    ? [
        `The IMEI has been unlocked remotely in the ${carrier} database; no code is needed.`,
        "Connect the phone to Wi-Fi and insert a SIM card from another network.",
        'If the phone shows "SIM not supported", restart it; if it still does, back it up and restore it with iTunes or Finder.',
        'When the phone shows "Congratulations, your phone is unlocked" or accepts the new SIM, you are done.',
      ]
    : [
        `Switch the phone off and insert a SIM card from a network other than ${carrier}.`,
        'Switch it on; it asks for a "SIM network unlock PIN" or "Enter network key".',
        `Enter this unlock code exactly: ${unlockCode(catalog.seed, order.id)}`,
        'Confirm; the phone shows "Network unlock successful". Do not enter a wrong code more than 3 times.',
      ];
  return [header, ...steps.map((s, i) => `${i + 1}. ${s}`)].join("\n");
}

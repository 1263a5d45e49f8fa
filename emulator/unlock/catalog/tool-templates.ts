import type { ToolFlag } from "../imei";

// The unlocking services the emulator sells. A tool offered for a device and a network is
// one of these services (id_tool = the service id) with its own price, times and ratio.

export const TIME_TYPES = ["instant", "minutes", "hours", "days", "weeks"] as const;
export type TimeType = (typeof TIME_TYPES)[number];
export type ToolType = "imei" | "file" | "usb";

export const TIME_UNIT_MS: Record<TimeType, number> = {
  instant: 0,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
};

export type ToolTemplate = {
  id: number;
  serviceName: string;
  serviceDesc: string;
  flags: ToolFlag[];
  toolType: ToolType;
  timeType: TimeType;
  /** Range of guaranteed_time.min, and of (max - min), in the time type's unit. */
  min: [number, number];
  spread: [number, number];
  /** Price range in credits. */
  price: [number, number];
  custom: Record<string, string>;
};

export const TOOL_TEMPLATES: readonly ToolTemplate[] = [
  {
    id: 1,
    serviceName: "Factory Unlock (Standard)",
    flags: [],
    toolType: "imei",
    timeType: "days",
    min: [1, 2],
    spread: [1, 3],
    price: [15, 45],
    custom: {},
    serviceDesc: "Permanent factory unlock registered against the IMEI in the carrier's database.",
  },
  {
    id: 2,
    serviceName: "Factory Unlock (Express)",
    flags: [],
    toolType: "imei",
    timeType: "hours",
    min: [2, 6],
    spread: [6, 18],
    price: [30, 80],
    custom: {},
    serviceDesc: "Priority factory unlock processed by the carrier's express channel.",
  },
  {
    id: 3,
    serviceName: "Instant Network Code",
    flags: [],
    toolType: "imei",
    timeType: "instant",
    min: [0, 0],
    spread: [0, 0],
    price: [3, 9],
    custom: {},
    serviceDesc: "Network unlock code (NCK) calculated from the IMEI and delivered at once.",
  },
  {
    id: 4,
    serviceName: "Serial Number Unlock",
    flags: ["sn"],
    toolType: "imei",
    timeType: "days",
    min: [1, 2],
    spread: [1, 3],
    price: [20, 50],
    custom: {},
    serviceDesc: "Unlock that needs the device serial number (KBH, reference or Provider ID) besides the IMEI.",
  },
  {
    id: 5,
    serviceName: "PRD Code Unlock",
    flags: ["prd"],
    toolType: "imei",
    timeType: "hours",
    min: [1, 4],
    spread: [2, 8],
    price: [10, 30],
    custom: {},
    serviceDesc: "Unlock that needs the PRD number printed under the battery or on the box.",
  },
  {
    id: 6,
    serviceName: "PIN-Protected Unlock",
    flags: ["pin"],
    toolType: "imei",
    timeType: "minutes",
    min: [5, 15],
    spread: [15, 45],
    price: [8, 20],
    custom: {},
    serviceDesc: "Unlock for devices whose network lock is tied to the phone PIN.",
  },
  {
    id: 7,
    serviceName: "MEP Code Unlock",
    flags: ["mep"],
    toolType: "imei",
    timeType: "days",
    min: [1, 1],
    spread: [1, 3],
    price: [12, 35],
    custom: {},
    serviceDesc: "Unlock calculated from the MEP value shown in the phone's engineering menu.",
  },
  {
    id: 8,
    serviceName: "SRO Remote Unlock",
    flags: ["sro"],
    toolType: "imei",
    timeType: "weeks",
    min: [1, 1],
    spread: [1, 2],
    price: [40, 90],
    custom: {},
    serviceDesc: "Remote unlock requested with the service request order (SRO) number.",
  },
  {
    id: 9,
    serviceName: "Premium Clean IMEI Unlock",
    flags: [],
    toolType: "imei",
    timeType: "weeks",
    min: [1, 2],
    spread: [1, 2],
    price: [60, 150],
    custom: {},
    serviceDesc: "Unlock for devices with an unpaid contract or a premium carrier policy.",
  },
  {
    id: 10,
    serviceName: "Remote USB Unlock",
    flags: [],
    toolType: "usb",
    timeType: "minutes",
    min: [10, 30],
    spread: [15, 60],
    price: [10, 25],
    custom: { requirements: "Windows PC with the phone connected by USB cable", session: "TeamViewer" },
    serviceDesc: "A technician unlocks the phone remotely over a USB connection to your computer.",
  },
  {
    id: 11,
    serviceName: "Unlock by Calculation File",
    flags: [],
    toolType: "file",
    timeType: "hours",
    min: [1, 2],
    spread: [1, 4],
    price: [6, 18],
    custom: { file_format: "QCN backup", upload: "Send the file to the account manager after ordering" },
    serviceDesc: "Unlock code calculated from a backup file read out of the phone.",
  },
  {
    id: 12,
    serviceName: "Carrier Policy Unlock (Full Verification)",
    flags: ["sn", "prd", "pin", "mep", "sro"],
    toolType: "imei",
    timeType: "days",
    min: [2, 3],
    spread: [2, 4],
    price: [35, 70],
    custom: {},
    serviceDesc: "Unlock under the strictest carrier policy: serial number, PRD, PIN, MEP and SRO are all checked.",
  },
];

export function templateById(id: number): ToolTemplate | undefined {
  return TOOL_TEMPLATES.find((t) => t.id === id);
}

// Real phone brands and models. Ids are stable across seeds: a brand's id is its position
// here (from 1); a device's id is brand id x 1000 + its position in the brand's list (from 1),
// so Apple iPhone 13 is 1015. Append new models at the end to keep existing ids.

export type DeviceType = "Smartphone" | "Mobile Phone" | "Tablet";
export type BrandData = { name: string; desc: string; models: Array<string | [string, DeviceType]> };

export const BRANDS: readonly BrandData[] = [
  {
    name: "Apple",
    desc: "Apple Inc., Cupertino, United States",
    models: [
      "iPhone 8", "iPhone 8 Plus", "iPhone X", "iPhone XR", "iPhone XS", "iPhone XS Max", "iPhone 11", "iPhone 11 Pro",
      "iPhone 11 Pro Max", "iPhone SE (2020)", "iPhone 12", "iPhone 12 mini", "iPhone 12 Pro", "iPhone 12 Pro Max",
      "iPhone 13", "iPhone 13 mini", "iPhone 13 Pro", "iPhone 13 Pro Max", "iPhone SE (2022)", "iPhone 14", "iPhone 14 Plus",
      "iPhone 14 Pro", "iPhone 14 Pro Max", "iPhone 15", "iPhone 15 Plus", "iPhone 15 Pro", "iPhone 15 Pro Max", "iPhone 16",
      "iPhone 16 Pro", ["iPad Air (2022)", "Tablet"],
    ],
  },
  {
    name: "Samsung",
    desc: "Samsung Electronics, Suwon, South Korea",
    models: [
      "Galaxy S10", "Galaxy S20", "Galaxy S21", "Galaxy S21 Ultra", "Galaxy S22", "Galaxy S22 Ultra", "Galaxy S23",
      "Galaxy S23 Ultra", "Galaxy S24", "Galaxy S24 Ultra", "Galaxy A12", "Galaxy A14", "Galaxy A15", "Galaxy A25",
      "Galaxy A35", "Galaxy A54", "Galaxy A55", "Galaxy Z Flip5", "Galaxy Z Fold5", "Galaxy Note10", "Galaxy Note20 Ultra",
      ["Galaxy Tab S8", "Tablet"],
    ],
  },
  {
    name: "Google",
    desc: "Google LLC, Mountain View, United States",
    models: ["Pixel 4a", "Pixel 5", "Pixel 6", "Pixel 6 Pro", "Pixel 7", "Pixel 7 Pro", "Pixel 7a", "Pixel 8", "Pixel 8 Pro", "Pixel 8a", "Pixel 9", "Pixel 9 Pro"],
  },
  {
    name: "Huawei",
    desc: "Huawei Technologies, Shenzhen, China",
    models: ["P30", "P30 Pro", "P40", "P40 Pro", "Mate 20", "Mate 20 Pro", "Mate 30 Pro", "nova 5T", "Y6 2019", "P smart 2021"],
  },
  {
    name: "Xiaomi",
    desc: "Xiaomi Corporation, Beijing, China",
    models: ["Redmi Note 10", "Redmi Note 11", "Redmi Note 12", "Redmi Note 13", "Xiaomi 11T", "Xiaomi 12", "Xiaomi 13", "Xiaomi 13T", "Xiaomi 14", "POCO X5", "POCO F5"],
  },
  {
    name: "Motorola",
    desc: "Motorola Mobility, Chicago, United States",
    models: ["moto g7", "moto g8", "moto g9 play", "moto g30", "moto g54", "moto e13", "edge 30", "edge 40", "razr 40"],
  },
  {
    name: "Nokia",
    desc: "HMD Global, Espoo, Finland",
    models: [["3310 (2017)", "Mobile Phone"], ["105", "Mobile Phone"], "2.4", "3.4", "5.4", "7.2", "8.3 5G", "G20", "G21", "X20"],
  },
  {
    name: "LG",
    desc: "LG Electronics, Seoul, South Korea",
    models: ["G6", "G7 ThinQ", "G8 ThinQ", "V30", "V40 ThinQ", "V60 ThinQ", "K40", "K50", "Velvet", "Wing"],
  },
  {
    name: "Sony",
    desc: "Sony Group, Tokyo, Japan",
    models: ["Xperia XZ2", "Xperia XZ3", "Xperia 1", "Xperia 1 II", "Xperia 1 III", "Xperia 5", "Xperia 5 II", "Xperia 10 II", "Xperia 10 IV", "Xperia 1 V"],
  },
  {
    name: "OnePlus",
    desc: "OnePlus Technology, Shenzhen, China",
    models: ["7T", "8", "8 Pro", "8T", "9", "9 Pro", "10 Pro", "11", "12", "Nord 2", "Nord CE 3"],
  },
  { name: "Oppo", desc: "Guangdong Oppo Mobile Telecommunications, Dongguan, China", models: ["Find X3 Pro", "Find X5", "Reno6", "Reno8", "A74", "A78"] },
  { name: "Vivo", desc: "Vivo Mobile Communication, Dongguan, China", models: ["V21", "V23", "X60 Pro", "Y20"] },
  { name: "HTC", desc: "HTC Corporation, Taoyuan, Taiwan", models: ["One M9", "U11", "U12+", "Desire 12"] },
  {
    name: "BlackBerry",
    desc: "BlackBerry Limited, Waterloo, Canada",
    models: [["Bold 9900", "Mobile Phone"], ["Curve 9320", "Mobile Phone"], "Passport", "KEYone", "Key2"],
  },
  { name: "Alcatel", desc: "TCL Communication, Huizhou, China", models: ["1S", "3X", ["Pixi 4", "Mobile Phone"], ["One Touch Pop C5", "Mobile Phone"]] },
  { name: "ZTE", desc: "ZTE Corporation, Shenzhen, China", models: ["Blade A51", "Blade V40", "Axon 30"] },
  { name: "Honor", desc: "Honor Device Co., Shenzhen, China", models: ["Magic5 Pro", "70", "90", "X8"] },
];

/**
 * The placeholder brand the live service sometimes lists under id "0" (no name, no devices).
 * Clients must ignore it; the emulator lists it so they are tested against it.
 */
export const PLACEHOLDER_BRAND_ID = 0;
export const PLACEHOLDER_BRAND = { brand: "", desc: "" };

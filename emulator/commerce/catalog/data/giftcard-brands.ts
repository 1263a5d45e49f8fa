// Real gift card brands the emulated catalog sells, the countries each is sold in, and the
// face values (as EUR targets, shown in the country's own currency after rounding to a
// "shop" amount). Every (brand, country) pair becomes one operator whose parent category is
// gift cards, as upstream models brands.

export type GiftcardCategory = "shopping" | "gaming" | "entertainment" | "travel" | "food";

export type GiftcardBrandDefinition = {
  key: string;
  name: string;
  category: GiftcardCategory;
  countries: readonly string[];
  /** Face values as EUR targets, rounded to a local shop amount per country. */
  faceValueTargetsEur: readonly number[];
  description: string;
  /** How the buyer redeems the code; `{country}` is replaced by the region's name. */
  redemption: string;
};

const WESTERN = ["us", "gb", "de", "fr", "es", "it", "nl", "ca"] as const;

export const GIFTCARD_BRANDS: readonly GiftcardBrandDefinition[] = [
  {
    key: "amazon",
    name: "Amazon",
    category: "shopping",
    countries: [...WESTERN, "mx", "br", "in", "ae", "tr", "jp", "pl", "se", "be", "sa", "eg"],
    faceValueTargetsEur: [10, 25, 50, 100],
    description: "Shop millions of items on Amazon with a digital gift card.",
    redemption: "Sign in to your Amazon account for {country}, open Your Account > Gift cards > Redeem a gift card, and enter the claim code.",
  },
  {
    key: "google-play",
    name: "Google Play",
    category: "entertainment",
    countries: [...WESTERN, "mx", "br", "in", "tr", "jp", "pl", "ph", "id", "my", "ng", "ke"],
    faceValueTargetsEur: [5, 10, 25, 50],
    description: "Apps, games, films and books on Google Play.",
    redemption: "Open the Google Play Store app with a Google account registered in {country}, tap your profile > Payments & subscriptions > Redeem code.",
  },
  {
    key: "apple",
    name: "Apple",
    category: "entertainment",
    countries: [...WESTERN, "mx", "br", "jp", "pl", "se", "at", "be", "ch"],
    faceValueTargetsEur: [10, 25, 50, 100],
    description: "One card for the App Store, Apple Music, iCloud+ and Apple products.",
    redemption: "On iPhone open the App Store, tap your photo > Redeem Gift Card or Code. Works with Apple Accounts of {country} only.",
  },
  {
    key: "steam",
    name: "Steam",
    category: "gaming",
    countries: [...WESTERN, "mx", "br", "in", "tr", "pl", "se", "ph", "my", "id", "ae", "sa", "ar", "co", "cl"],
    faceValueTargetsEur: [5, 10, 20, 50, 100],
    description: "Steam Wallet credit for games, software and hardware on Steam.",
    redemption: "Sign in to Steam, open Games > Redeem a Steam Wallet Code and enter the code. The wallet currency of {country} applies.",
  },
  {
    key: "playstation",
    name: "PlayStation",
    category: "gaming",
    countries: [...WESTERN, "mx", "br", "in", "ae", "tr", "jp", "pl", "se", "sa", "at", "be", "ch"],
    faceValueTargetsEur: [10, 20, 50],
    description: "PlayStation Store credit for games, add-ons and PlayStation Plus.",
    redemption: "On your console go to PlayStation Store > ... > Redeem Code. The account must be registered in {country}.",
  },
  {
    key: "xbox",
    name: "Xbox",
    category: "gaming",
    countries: [...WESTERN, "mx", "br", "jp", "pl", "se", "at", "be"],
    faceValueTargetsEur: [10, 25, 50],
    description: "Xbox gift card for games, apps and Game Pass on Xbox and Windows.",
    redemption: "Go to redeem.microsoft.com with a Microsoft account of {country} and enter the 25-character code.",
  },
  {
    key: "netflix",
    name: "Netflix",
    category: "entertainment",
    countries: [...WESTERN, "mx", "br", "in", "tr", "jp", "pl", "be", "at"],
    faceValueTargetsEur: [15, 25, 50],
    description: "Pay for a Netflix membership without a card.",
    redemption: "Visit netflix.com/redeem from {country} and enter the PIN.",
  },
  {
    key: "spotify",
    name: "Spotify",
    category: "entertainment",
    countries: [...WESTERN, "mx", "br", "se", "pl"],
    faceValueTargetsEur: [10, 30, 60],
    description: "Spotify Premium without a card: months of ad-free music.",
    redemption: "Go to spotify.com/redeem, sign in with an account of {country} and enter the PIN.",
  },
  {
    key: "uber",
    name: "Uber",
    category: "travel",
    countries: [...WESTERN, "mx", "br", "in"],
    faceValueTargetsEur: [15, 25, 50],
    description: "Credit for Uber rides and Uber Eats.",
    redemption: "In the Uber app open Wallet > Add funds > Gift card and enter the code. Usable in {country}.",
  },
  {
    key: "airbnb",
    name: "Airbnb",
    category: "travel",
    countries: ["us", "gb", "de", "fr", "es", "it", "ca"],
    faceValueTargetsEur: [50, 100, 200],
    description: "Airbnb credit for stays and experiences.",
    redemption: "Go to airbnb.com/giftcards/redeem with an account of {country} and enter the code.",
  },
  {
    key: "zalando",
    name: "Zalando",
    category: "shopping",
    countries: ["de", "fr", "es", "it", "nl", "pl", "se", "be", "at", "ch"],
    faceValueTargetsEur: [20, 50, 100],
    description: "Fashion, shoes and accessories on Zalando.",
    redemption: "Add the code at checkout on the Zalando shop of {country}, under Gift card or voucher.",
  },
  {
    key: "nintendo",
    name: "Nintendo eShop",
    category: "gaming",
    countries: ["us", "gb", "de", "fr", "es", "it", "nl", "jp", "ca"],
    faceValueTargetsEur: [15, 25, 50],
    description: "Nintendo eShop credit for Nintendo Switch games and add-ons.",
    redemption: "Open Nintendo eShop with a Nintendo Account of {country}, select Enter Code and type the 16-character code.",
  },
  {
    key: "razer-gold",
    name: "Razer Gold",
    category: "gaming",
    countries: ["us", "gb", "mx", "br", "tr", "ph", "my", "id", "in", "co", "cl"],
    faceValueTargetsEur: [5, 10, 25, 50],
    description: "Razer Gold credit for thousands of games and in-game items.",
    redemption: "Sign in at gold.razer.com, choose Reload > Razer Gold PIN and enter the PIN. Region: {country}.",
  },
  {
    key: "roblox",
    name: "Roblox",
    category: "gaming",
    countries: ["us", "gb", "de", "fr", "es", "it", "ca", "mx", "br"],
    faceValueTargetsEur: [10, 25, 50],
    description: "Robux or a Roblox Premium subscription.",
    redemption: "Go to roblox.com/redeem, sign in and enter the PIN. Sold for {country}.",
  },
  {
    key: "ikea",
    name: "IKEA",
    category: "shopping",
    countries: ["us", "gb", "de", "fr", "es", "it", "nl", "se", "pl"],
    faceValueTargetsEur: [25, 50, 100],
    description: "Furniture and home goods at IKEA stores and online.",
    redemption: "Enter the card number and PIN at checkout on IKEA's website for {country} or show it in store.",
  },
  {
    key: "flipkart",
    name: "Flipkart",
    category: "shopping",
    countries: ["in"],
    faceValueTargetsEur: [5, 10, 25, 50],
    description: "Shop electronics, fashion and groceries on Flipkart.",
    redemption: "In the Flipkart app open Account > Gift Cards > Add a gift card. India ({country}) only.",
  },
  {
    key: "noon",
    name: "noon",
    category: "shopping",
    countries: ["ae", "sa", "eg"],
    faceValueTargetsEur: [25, 50, 100],
    description: "Shop on noon, the Middle East's online marketplace.",
    redemption: "In the noon app open Account > noon Credits > Redeem and enter the code. Valid in {country}.",
  },
  {
    key: "jumia",
    name: "Jumia",
    category: "shopping",
    countries: ["ng", "ke", "ma", "eg"],
    faceValueTargetsEur: [10, 25, 50],
    description: "Shop on Jumia, Africa's online marketplace.",
    redemption: "Enter the voucher code at checkout on Jumia for {country}.",
  },
  {
    key: "mercado-libre",
    name: "Mercado Libre",
    category: "shopping",
    countries: ["mx", "br", "ar", "co", "cl"],
    faceValueTargetsEur: [10, 25, 50],
    description: "Shop on Mercado Libre, Latin America's marketplace.",
    redemption: "In Mercado Libre open Mercado Pago > Gift cards > Redeem. Account of {country} only.",
  },
];

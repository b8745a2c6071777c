import { z } from 'zod';
import { PIN_CODE_PATTERN } from './address.js';
import { DEFAULT_COD_CAP_PAISE } from './constants.js';
import { MESSAGES } from './messages.js';
import { formatIndianNumber } from './money.js';
import { MAX_PRICE_PAISE } from './prices.js';
import { MAX_COD_REFUSALS_SETTING, VERIFY_TEXTS } from './verification.js';

/** Where the shop delivers: the owner's settings (admin "Delivery" page) and the check they answer. */

/** Days from order to door, [fewest, most]. */
export type EtaDays = [number, number];

export const MAX_ETA_DAYS = 60;
export const MAX_DELIVERY_AREAS = 2000;
/**
 * The request body of the delivery settings and of a CSV upload. A list of MAX_DELIVERY_AREAS of the
 * longest areas allowed ({"pins":"360001-360999","cod":false,"etaDays":[60,60]}, 56 bytes) is about
 * 112 KB of JSON, more than the 100 KB every other route takes: with room for twice that, the Delivery
 * page can always save the list it loaded.
 */
export const DELIVERY_BODY_LIMIT_BYTES = 256 * 1024;
/** A CSV of MAX_DELIVERY_AREAS rows of up to 100 characters; a longer file is no delivery list. */
export const MAX_DELIVERY_CSV_CHARS = MAX_DELIVERY_AREAS * 100;

export const DELIVERY_TEXTS = {
  tooManyAreas: `A delivery list holds at most ${formatIndianNumber(MAX_DELIVERY_AREAS)} areas.`,
} as const;
/** Until the owner says otherwise: all of India, online payment only, this estimate. */
export const DEFAULT_ETA_DAYS: EtaDays = [3, 7];

/** A PIN prefix ("360", up to all six digits) or an inclusive range ("360001-360999"). */
export const PIN_AREA_PATTERN = /^(?:[1-9]\d{0,5}|[1-9]\d{5}-[1-9]\d{5})$/;

const etaDay = z
  .number({ error: MESSAGES.invalidEtaDays })
  .int({ error: MESSAGES.invalidEtaDays })
  .min(0, { error: MESSAGES.invalidEtaDays })
  .max(MAX_ETA_DAYS, { error: MESSAGES.invalidEtaDays });
const etaDaysSchema = z
  .tuple([etaDay, etaDay], { error: MESSAGES.invalidEtaDays })
  .refine(([min, max]) => min <= max, { error: MESSAGES.invalidEtaDays });

export const deliveryAreaSchema = z.object({
  pins: z
    .string({ error: MESSAGES.invalidDeliveryArea })
    .trim()
    .regex(PIN_AREA_PATTERN, { error: MESSAGES.invalidDeliveryArea })
    .refine((pins) => !pins.includes('-') || pins.slice(0, 6) <= pins.slice(7), {
      error: MESSAGES.invalidDeliveryArea,
    }),
  cod: z.boolean({ error: MESSAGES.invalidRequest }),
  etaDays: etaDaysSchema,
});
export type DeliveryArea = z.output<typeof deliveryAreaSchema>;

/** The shop's price bound (₹10 lakh): a typo cannot make the limit meaningless. */
export const MAX_COD_PAISE = MAX_PRICE_PAISE;
const codPaise = z
  .number({ error: MESSAGES.invalidCodSettings })
  .int({ error: MESSAGES.invalidCodSettings })
  .min(0, { error: MESSAGES.invalidCodSettings })
  .max(MAX_COD_PAISE, { error: MESSAGES.invalidCodSettings });

export const deliverySettingsSchema = z.object({
  /** True: a PIN in no area is still served online, with the default estimate. */
  servesAllIndia: z.boolean({ error: MESSAGES.invalidRequest }),
  etaDays: etaDaysSchema,
  areas: z.array(deliveryAreaSchema).max(MAX_DELIVERY_AREAS, { error: DELIVERY_TEXTS.tooManyAreas }),
  /** Cash on delivery: the largest order total it is offered for, and the fee added to such an order. */
  codCapPaise: codPaise.default(DEFAULT_COD_CAP_PAISE),
  codFeePaise: codPaise.default(0),
  /** Refused cash-on-delivery parcels after which a shopper must pay online; 0: never. */
  codMaxRefusals: z
    .number({ error: VERIFY_TEXTS.invalidCodRefusals })
    .int({ error: VERIFY_TEXTS.invalidCodRefusals })
    .min(0, { error: VERIFY_TEXTS.invalidCodRefusals })
    .max(MAX_COD_REFUSALS_SETTING, { error: VERIFY_TEXTS.invalidCodRefusals })
    .default(0),
});
export type DeliverySettings = z.output<typeof deliverySettingsSchema>;
export type DeliverySettingsBody = z.input<typeof deliverySettingsSchema>;

export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  servesAllIndia: true,
  etaDays: DEFAULT_ETA_DAYS,
  areas: [],
  codCapPaise: DEFAULT_COD_CAP_PAISE,
  codFeePaise: 0,
  codMaxRefusals: 0,
};

export const deliveryCsvSchema = z.object({
  csv: z.string({ error: MESSAGES.invalidRequest }).max(MAX_DELIVERY_CSV_CHARS, { error: DELIVERY_TEXTS.tooManyAreas }),
});

export const deliveryCheckQuerySchema = z.object({
  pin: z.string({ error: MESSAGES.invalidPinCode }).trim().regex(PIN_CODE_PATTERN, { error: MESSAGES.invalidPinCode }),
});

/**
 * GET /api/shipping/check: etaDays is null where the shop cannot deliver. Where cash on delivery is
 * allowed, its limit and fee come along so the shipping page can offer it truthfully.
 */
export interface DeliveryCheck {
  serviceable: boolean;
  cod: boolean;
  etaDays: EtaDays | null;
  codCapPaise?: number;
  codFeePaise?: number;
}

/** How many PIN codes an area covers; the narrowest area that holds a PIN decides for it. */
function areaWidth(pins: string): number {
  if (pins.includes('-')) return Number(pins.slice(7)) - Number(pins.slice(0, 6)) + 1;
  return 10 ** (6 - pins.length);
}

function areaHolds(pins: string, pin: string): boolean {
  if (pins.includes('-')) return pins.slice(0, 6) <= pin && pin <= pins.slice(7);
  return pin.startsWith(pins);
}

/**
 * Whether the shop delivers to `pin`, with cash on delivery or not, and in how many days. An address
 * without a PIN (saved before PINs were checked, or abroad) is served only while the shop serves all
 * of India, online.
 */
export function checkDelivery(settings: DeliverySettings, pin: string | null): DeliveryCheck {
  const area = pin
    ? settings.areas
        .filter((a) => areaHolds(a.pins, pin))
        .reduce<DeliveryArea | null>((best, a) => (!best || areaWidth(a.pins) < areaWidth(best.pins) ? a : best), null)
    : null;
  if (area?.cod) {
    const { codCapPaise, codFeePaise } = settings;
    return { serviceable: true, cod: true, etaDays: area.etaDays, codCapPaise, codFeePaise };
  }
  if (area) return { serviceable: true, cod: false, etaDays: area.etaDays };
  if (settings.servesAllIndia) return { serviceable: true, cod: false, etaDays: settings.etaDays };
  return { serviceable: false, cod: false, etaDays: null };
}

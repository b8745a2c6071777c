import { parse } from 'csv-parse/sync';
import {
  DEFAULT_DELIVERY_SETTINGS,
  DELIVERY_TEXTS,
  MAX_DELIVERY_AREAS,
  MESSAGES,
  checkDelivery,
  deliveryAreaSchema,
  pinOf,
  type DeliveryArea,
  type DeliveryCheck,
  type DeliverySettings,
  type EtaDays,
} from '@kesh/shared';
import { badRequest } from '../../lib/errors.js';
import { DeliverySettingsRecord } from './delivery-settings.model.js';

const KEY = 'delivery';

export async function getDeliverySettings(): Promise<DeliverySettings> {
  const saved = await DeliverySettingsRecord.findOne({ key: KEY }).lean();
  if (!saved) return DEFAULT_DELIVERY_SETTINGS;
  return {
    servesAllIndia: saved.servesAllIndia,
    etaDays: saved.etaDays as EtaDays,
    areas: saved.areas.map((a) => ({ pins: a.pins, cod: a.cod, etaDays: a.etaDays as EtaDays })),
    codCapPaise: saved.codCapPaise ?? DEFAULT_DELIVERY_SETTINGS.codCapPaise,
    codFeePaise: saved.codFeePaise ?? DEFAULT_DELIVERY_SETTINGS.codFeePaise,
    codMaxRefusals: saved.codMaxRefusals ?? DEFAULT_DELIVERY_SETTINGS.codMaxRefusals,
  };
}

export async function saveDeliverySettings(settings: DeliverySettings): Promise<DeliverySettings> {
  await DeliverySettingsRecord.updateOne({ key: KEY }, { $set: settings }, { upsert: true });
  return getDeliverySettings();
}

export async function checkPin(pin: string | null): Promise<DeliveryCheck> {
  return checkDelivery(await getDeliverySettings(), pin);
}

/** Refuses (400) a delivery address the shop cannot serve; called before any payment or order. */
export async function assertDeliverable(address: string): Promise<DeliveryCheck> {
  const check = await checkPin(pinOf(address));
  if (!check.serviceable) throw badRequest(MESSAGES.pinNotServiceable);
  return check;
}

const YES = new Set(['yes', 'y', 'true', '1', 'cod']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/**
 * Delivery areas from a CSV file with the columns pins,cod,minDays,maxDays (a header row is
 * optional). Any bad row refuses the whole file, naming the row.
 */
export function parseDeliveryCsv(csv: string): DeliveryArea[] {
  let rows: string[][];
  try {
    rows = parse(csv, { skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch {
    throw badRequest(MESSAGES.invalidDeliveryCsv(1));
  }
  const first = rows[0]?.[0]?.toLowerCase();
  const start = first === 'pins' || first === 'pin' ? 1 : 0;
  // The limit PUT keeps, with its message, so no upload leaves a list the Delivery page cannot save.
  if (rows.length - start > MAX_DELIVERY_AREAS) throw badRequest(DELIVERY_TEXTS.tooManyAreas);
  return rows.slice(start).map((row, index) => {
    const [pins = '', cod = '', min = '', max = ''] = row;
    const codText = cod.toLowerCase();
    const area = deliveryAreaSchema.safeParse({
      pins,
      cod: YES.has(codText) ? true : NO.has(codText) ? false : undefined,
      etaDays: [Number(min), Number(max)],
    });
    if (!area.success || !/^\d+$/.test(min) || !/^\d+$/.test(max)) {
      throw badRequest(MESSAGES.invalidDeliveryCsv(start + index + 1));
    }
    return area.data;
  });
}

import { Schema, model } from 'mongoose';

/** The owner's delivery settings: one document, key "delivery". Absent = the defaults (all India, online). */
const areaSchema = new Schema(
  {
    pins: { type: String, required: true },
    cod: { type: Boolean, required: true },
    etaDays: { type: [Number], required: true },
  },
  { _id: false },
);

const deliverySettingsSchema = new Schema(
  {
    key: { type: String, required: true },
    servesAllIndia: { type: Boolean, required: true },
    etaDays: { type: [Number], required: true },
    areas: { type: [areaSchema], default: [] },
    /** Absent in settings saved before cash on delivery: the defaults apply. */
    codCapPaise: { type: Number, min: 0 },
    codFeePaise: { type: Number, min: 0 },
    codMaxRefusals: { type: Number, min: 0 },
  },
  { timestamps: true },
);
deliverySettingsSchema.index({ key: 1 }, { unique: true });

export const DeliverySettingsRecord = model('DeliverySettings', deliverySettingsSchema);

import { Schema, model } from 'mongoose';

const contactMessageSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true },
    phoneNo: { type: String, default: '' },
    subject: { type: String, default: '' },
    message: { type: String, required: true },
  },
  { timestamps: true },
);
contactMessageSchema.index({ createdAt: -1 });

export const ContactMessage = model('ContactMessage', contactMessageSchema);

import type { ContactMessage as ContactMessageDto, Page, PageQuery } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { inIdOrder } from '../../lib/json-stream.js';
import { ContactMessage } from './contact.model.js';

export interface ContactInput {
  name: string;
  email: string;
  phoneNo?: string;
  subject?: string;
  message: string;
}

interface StoredMessage {
  _id: unknown;
  name: string;
  email: string;
  phoneNo?: string | null;
  subject?: string | null;
  message: string;
  createdAt: Date;
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

function toDto(m: StoredMessage): ContactMessageDto {
  return {
    _id: String(m._id),
    name: m.name,
    email: m.email,
    phoneNo: m.phoneNo ?? '',
    subject: m.subject ?? '',
    message: m.message,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The read behind one page of the inbox, newest first (tests explain it). */
export const messagePageFind = ({ page, limit }: PageQuery) =>
  ContactMessage.find()
    .sort(NEWEST_FIRST)
    .skip((page - 1) * limit)
    .limit(limit)
    .lean<StoredMessage[]>();

export function createContactService({ config, logger, mailer }: Pick<AppDeps, 'config' | 'logger' | 'mailer'>) {
  return {
    /**
     * The message is stored first and mailed in the background: the database is the record,
     * the mail only a notification, so a mail outage must neither lose it nor fail the visitor.
     */
    async submit(input: ContactInput): Promise<ContactMessageDto> {
      const saved = toDto(
        await ContactMessage.create({
          name: input.name,
          email: input.email,
          phoneNo: input.phoneNo ?? '',
          subject: input.subject ?? '',
          message: input.message,
        }),
      );
      mailer
        .send({
          to: config.shopNotifyEmail,
          subject: `New message from ${saved.name}${saved.subject ? `: ${saved.subject}` : ''}`,
          text:
            `Name: ${saved.name}\nEmail: ${saved.email}\nPhone: ${saved.phoneNo || '-'}\n` +
            `Subject: ${saved.subject || '-'}\n\n${saved.message}\n`,
        })
        .catch((err: unknown) =>
          logger.error({ err, contactMessageId: saved._id }, 'contact message stored but the notification mail failed'),
        );
      return saved;
    },

    /** Every message, newest first (the spec's GET /api/contact), a batch at a time. */
    each(): AsyncIterable<ContactMessageDto> {
      return inIdOrder(
        (after, limit) =>
          ContactMessage.find(after === undefined ? {} : { _id: { $lt: after } })
            .sort({ _id: -1 })
            .limit(limit)
            .lean<StoredMessage[]>(),
        toDto,
      );
    },

    /** One page of the inbox, newest first; the total is the collection's count, kept by the engine. */
    async page({ page, limit }: PageQuery): Promise<Page<ContactMessageDto>> {
      const [messages, total] = await Promise.all([
        messagePageFind({ page, limit }),
        ContactMessage.estimatedDocumentCount(),
      ]);
      return { items: messages.map(toDto), page, limit, total };
    },
  };
}

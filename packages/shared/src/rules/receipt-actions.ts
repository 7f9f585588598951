import { MSG } from '../messages';

export interface ReceiptActionsInput {
  status: string;
  /** A receipt was issued (by sending or downloading it). */
  has_receipt: boolean;
  customer_email: string | null;
  should_block_slot: boolean;
}

/** Per row action: null when it can work, else the German reason why it cannot (the tooltip of the disabled button). */
export interface ReceiptActionsState {
  send: string | null;
  download: string | null;
  copy: string | null;
  confirmationMail: string | null;
}

/**
 * Which receipt and mail actions of an appointment can succeed, with the
 * server's own rules (receipts.service.ts): a receipt is issued on the first
 * send or download, never for a cancelled appointment (an issued one stays
 * available); a copy needs an issued receipt; the confirmation mail needs the
 * customer's e-mail address; a blocked slot has none of these.
 */
export function receiptActionsState(a: ReceiptActionsInput): ReceiptActionsState {
  if (a.should_block_slot) {
    const r = MSG.blockedSlotNoReceipt;
    return { send: r, download: r, copy: r, confirmationMail: r };
  }
  const cannotIssue = !a.has_receipt && a.status === 'cancelled' ? MSG.receiptCancelledAppointment : null;
  return {
    send: cannotIssue,
    download: cannotIssue,
    copy: a.has_receipt ? null : (cannotIssue ?? MSG.receiptCopyNeedsReceipt),
    confirmationMail: a.customer_email?.trim() ? null : MSG.customerHasNoEmail,
  };
}

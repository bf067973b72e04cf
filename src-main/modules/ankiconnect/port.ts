// Runs in: main. The optional second listener on 127.0.0.1:8765 (AnkiConnect's own port), for tools that cannot
// be told another address. The HTTP adapter owns the socket and puts its control here; the learner's switch
// (a setting) turns it on and off, and the status says plainly when the port is taken (Anki itself, usually).
import {
  ANKICONNECT_FIELD_ROLES_SETTING,
  ANKICONNECT_NEW_DECKS_SETTING,
  ANKICONNECT_PORT_SETTING,
  type AnkiConnectStatusDto,
} from '../../../src-shared/contract/ankiconnect';
import { DEFAULT_FIELD_ROLES, parseFieldRoles, type NoteRole } from '../../../src-shared/anki/connect/notes';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { bindingSlot } from '../../core/services';
import { getSetting, saveSetting } from '../settings';

export interface PortState {
  listening: boolean;
  error: 'in_use' | 'failed' | null;
  /** The port it listens on (8765 unless a test chose another). */
  port: number | null;
}

export interface AnkiConnectPortControl {
  state(): PortState;
  /** The AnkiConnect address on Lectio's own port, to paste into a tool (null before the server listens). */
  url(): string | null;
  /** Opens or closes the listener; resolves with what became of it (never rejects). */
  set(enabled: boolean): Promise<PortState>;
}

/** Put here by the HTTP adapter (src-main/http/ankiconnect-port.ts); absent in a core without HTTP (tests of IPC). */
export const ankiConnectPortSlot = bindingSlot<AnkiConnectPortControl>('ankiconnect.port');

export const portWanted = (ctx: Pick<HandlerContext, 'sqlite' | 'user'>) => getSetting(ctx, ANKICONNECT_PORT_SETTING) === '1';

export function status(ctx: HandlerContext): AnkiConnectStatusDto {
  const state = ankiConnectPortSlot.get(ctx.services)?.state() ?? { listening: false, error: null, port: null };
  return {
    url: ankiConnectPortSlot.get(ctx.services)?.url() ?? null,
    port: { enabled: portWanted(ctx), ...state },
    field_roles: parseFieldRoles(getSetting(ctx, ANKICONNECT_FIELD_ROLES_SETTING)),
    new_decks: newDecksAllowed(ctx),
    default_field_roles: { ...DEFAULT_FIELD_ROLES },
  };
}

/** Opens or closes the second listener as the library's setting says (after a restore or Empty). */
export function followPortSetting(ctx: HandlerContext): void {
  const control = ankiConnectPortSlot.get(ctx.services);
  if (!control) return;
  const wanted = !ctx.config.multiUserEnabled && portWanted(ctx);
  if (wanted !== control.state().listening) void control.set(wanted);
}

export const newDecksAllowed = (ctx: Pick<HandlerContext, 'sqlite' | 'user'>) => getSetting(ctx, ANKICONNECT_NEW_DECKS_SETTING) === '1';

export async function configure(
  ctx: HandlerContext,
  input: { port_enabled?: boolean; new_decks?: boolean; field_roles?: Record<string, NoteRole> },
): Promise<AnkiConnectStatusDto> {
  if (input.field_roles) saveSetting(ctx, ANKICONNECT_FIELD_ROLES_SETTING, JSON.stringify(input.field_roles));
  if (input.new_decks !== undefined) saveSetting(ctx, ANKICONNECT_NEW_DECKS_SETTING, input.new_decks ? '1' : '0');
  if (input.port_enabled !== undefined) {
    // One port for the whole computer: with accounts it would answer for whoever's key comes, so it stays shut.
    if (input.port_enabled && ctx.config.multiUserEnabled) throw new AppError(400, msg('ankiconnect.portMultiUser'));
    saveSetting(ctx, ANKICONNECT_PORT_SETTING, input.port_enabled ? '1' : '0');
    await ankiConnectPortSlot.get(ctx.services)?.set(input.port_enabled);
  }
  return status(ctx);
}

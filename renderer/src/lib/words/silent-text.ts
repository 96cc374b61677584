/**
 * The silent-device guide's causes and a recorded check in the technician's language: a shipped
 * cause by the catalogs, IT's own by the words its file carries for this language (else its
 * English, which the file must have: silent-guide-file.ts).
 */
import type { ActivityFact, GuideFileProblem } from '$shared';
import type { CauseText, GuideCause, ShippedCause } from '$shared/silent-causes';
import { SHIPPED_CAUSES } from '$shared/silent-causes';
import { activeLocale } from './active-locale';
import { m } from './i18n';
import { isolated } from './bidi';

const SHIPPED: Record<ShippedCause, { title: () => string; look: () => string }> = {
  power: { title: m.silent_cause_power_title, look: m.silent_cause_power_look },
  cable_poe: { title: m.silent_cause_cable_poe_title, look: m.silent_cause_cable_poe_look },
  switch_port: { title: m.silent_cause_switch_port_title, look: m.silent_cause_switch_port_look },
  dhcp: { title: m.silent_cause_dhcp_title, look: m.silent_cause_dhcp_look },
  firewall: { title: m.silent_cause_firewall_title, look: m.silent_cause_firewall_look },
  time_server: { title: m.silent_cause_time_server_title, look: m.silent_cause_time_server_look },
  store_uplink: {
    title: m.silent_cause_store_uplink_title,
    look: m.silent_cause_store_uplink_look,
  },
};

const isShipped = (id: string): id is ShippedCause =>
  (SHIPPED_CAUSES as readonly string[]).includes(id);

/** IT's own words for a cause in the language shown, else its English; null: none. */
const ownWords = (text: GuideCause['text'] | undefined): CauseText | null =>
  text?.[activeLocale().messages] ?? text?.en ?? null;

/** A cause's title and what to look at, in the language shown. */
export const causeWords = (cause: GuideCause): { title: string; look: string } => {
  const own = ownWords(cause.text);
  if (own) return own;
  if (isShipped(cause.id))
    return { title: SHIPPED[cause.id].title(), look: SHIPPED[cause.id].look() };
  return { title: cause.id, look: '' };
};

/** A recorded check as Activity, the receipt and the CSV say it. */
export const silentCheckText = (fact: Extract<ActivityFact, { kind: 'silent_check' }>): string => {
  const note = isolated(fact.note);
  if (fact.cause === null) return m.activity_silent_check_none({ note });
  // IT's own cause in the words recorded with it (the file may have changed since).
  const cause = isShipped(fact.cause)
    ? SHIPPED[fact.cause].title()
    : isolated(ownWords(fact.causeText)?.title ?? fact.cause);
  return m.activity_silent_check({ cause, note });
};

/** Why IT's guide file is not used (Settings). */
export const guideFileProblemText = ({ code, params }: GuideFileProblem): string =>
  m.guide_file_problem({
    file: params.file,
    problem:
      code === 'guide_file_unreadable'
        ? m.checklist_file_unreadable()
        : code === 'guide_file_not_json'
          ? m.checklist_file_not_json()
          : m.guide_file_invalid({ problem: params.problem }),
    at: params.at ? m.checklist_file_problem_at({ at: params.at }) : '',
  });

/**
 * The words of company orders and approvals in each storefront's language (docs/product/company-accounts.md#approval):
 * the checkout's refusals and notices, the confirmation of an order that waits, the account's lists and the mails.
 * Kept here rather than in the locale files so the texts of one feature stay together. Pure.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

export type ApprovalTextKey =
  | 'viewer_refused'
  | 'invoice_only'
  | 'limit_notice'
  | 'viewer_notice'
  | 'waiting_title'
  | 'waiting_text'
  | 'declined_title'
  | 'declined_text'
  | 'approved_text'
  | 'approvals_title'
  | 'my_approvals_title'
  | 'none_waiting'
  | 'requested_by'
  | 'requested_at'
  | 'total'
  | 'status'
  | 'status_waiting'
  | 'status_approved'
  | 'status_declined'
  | 'placed_by'
  | 'approve'
  | 'decline'
  | 'reason'
  | 'done_approve'
  | 'done_decline'
  | 'refused_decided'
  | 'refused_price_changed'
  | 'refused_out_of_stock'
  | 'refused_not_member'
  | 'mail_request_subject'
  | 'mail_request_intro'
  | 'mail_request_button'
  | 'mail_approved_subject'
  | 'mail_approved_intro'
  | 'mail_declined_subject'
  | 'mail_declined_intro'
  | 'mail_reason';

const TEXTS: Record<LocaleCode, Record<ApprovalTextKey, string>> = {
  sv: {
    viewer_refused: 'Som läsare i företagskontot kan du inte beställa. Be en administratör om rollen inköpare.',
    invoice_only: 'Ordern är över din beställningsgräns och väntar på godkännande. Sådana order betalas mot faktura: välj företagsfaktura.',
    limit_notice: 'Order över {{limit}} väntar på godkännande av en administratör i {{company}} och betalas mot faktura.',
    viewer_notice: 'Du är läsare i {{company}} och kan inte beställa. Be en administratör om rollen inköpare.',
    waiting_title: 'Ordern väntar på godkännande',
    waiting_text:
      'Ordern på {{total}} är över din beställningsgräns. En administratör i {{company}} har fått frågan; du får ett e-postmeddelande när de har bestämt sig. Inget är beställt innan dess.',
    declined_title: 'Ordern godkändes inte',
    declined_text: 'En administratör i {{company}} godkände inte ordern. Inget är beställt.',
    approved_text: 'Ordern är godkänd och lagd: ordernummer {{number}}.',
    approvals_title: 'Order som väntar på godkännande',
    my_approvals_title: 'Mina order som väntar på godkännande',
    none_waiting: 'Inga order väntar på godkännande.',
    requested_by: 'Beställare',
    requested_at: 'Datum',
    total: 'Summa',
    status: 'Status',
    status_waiting: 'Väntar på godkännande',
    status_approved: 'Godkänd',
    status_declined: 'Inte godkänd',
    placed_by: 'Beställd av',
    approve: 'Godkänn',
    decline: 'Avslå',
    reason: 'Anledning (valfritt)',
    done_approve: 'Ordern är godkänd och lagd.',
    done_decline: 'Ordern är avslagen. Beställaren får ett e-postmeddelande.',
    refused_decided: 'ordern är redan godkänd eller avslagen.',
    refused_price_changed: 'priset har ändrats sedan ordern lades. Avslå den och be beställaren lägga den igen.',
    refused_out_of_stock: 'en vara finns inte längre i lager i den mängden. Avslå ordern och be beställaren lägga den igen.',
    refused_not_member: 'beställaren handlar inte längre för företaget. Avslå ordern.',
    mail_request_subject: '{{buyer}} väntar på ditt godkännande av en order på {{total}}',
    mail_request_intro:
      '{{buyer}} vill beställa för {{company}} för {{total}}, över sin beställningsgräns. Godkänn eller avslå ordern i företagskontot.',
    mail_request_button: 'Visa ordern',
    mail_approved_subject: 'Din order på {{total}} är godkänd',
    mail_approved_intro:
      'En administratör i {{company}} har godkänt din order. Den är lagd med ordernummer {{number}}; orderbekräftelsen kommer i ett eget meddelande.',
    mail_declined_subject: 'Din order på {{total}} godkändes inte',
    mail_declined_intro: 'En administratör i {{company}} har avslagit din order på {{total}}. Inget är beställt.',
    mail_reason: 'Anledning: {{reason}}',
  },
  no: {
    viewer_refused: 'Som leser i bedriftskontoen kan du ikke bestille. Be en administrator om rollen innkjøper.',
    invoice_only: 'Ordren er over bestillingsgrensen din og venter på godkjenning. Slike ordrer betales med faktura: velg bedriftsfaktura.',
    limit_notice: 'Ordrer over {{limit}} venter på godkjenning av en administrator i {{company}} og betales med faktura.',
    viewer_notice: 'Du er leser i {{company}} og kan ikke bestille. Be en administrator om rollen innkjøper.',
    waiting_title: 'Ordren venter på godkjenning',
    waiting_text:
      'Ordren på {{total}} er over bestillingsgrensen din. En administrator i {{company}} er spurt; du får en e-post når de har bestemt seg. Ingenting er bestilt før det.',
    declined_title: 'Ordren ble ikke godkjent',
    declined_text: 'En administrator i {{company}} godkjente ikke ordren. Ingenting er bestilt.',
    approved_text: 'Ordren er godkjent og lagt inn: ordrenummer {{number}}.',
    approvals_title: 'Ordrer som venter på godkjenning',
    my_approvals_title: 'Mine ordrer som venter på godkjenning',
    none_waiting: 'Ingen ordrer venter på godkjenning.',
    requested_by: 'Bestiller',
    requested_at: 'Dato',
    total: 'Sum',
    status: 'Status',
    status_waiting: 'Venter på godkjenning',
    status_approved: 'Godkjent',
    status_declined: 'Ikke godkjent',
    placed_by: 'Bestilt av',
    approve: 'Godkjenn',
    decline: 'Avslå',
    reason: 'Begrunnelse (valgfritt)',
    done_approve: 'Ordren er godkjent og lagt inn.',
    done_decline: 'Ordren er avslått. Bestilleren får en e-post.',
    refused_decided: 'ordren er allerede godkjent eller avslått.',
    refused_price_changed: 'prisen er endret siden ordren ble lagt. Avslå den og be bestilleren legge den på nytt.',
    refused_out_of_stock: 'en vare er ikke lenger på lager i det antallet. Avslå ordren og be bestilleren legge den på nytt.',
    refused_not_member: 'bestilleren handler ikke lenger for bedriften. Avslå ordren.',
    mail_request_subject: '{{buyer}} venter på din godkjenning av en ordre på {{total}}',
    mail_request_intro:
      '{{buyer}} vil bestille for {{company}} for {{total}}, over sin bestillingsgrense. Godkjenn eller avslå ordren i bedriftskontoen.',
    mail_request_button: 'Vis ordren',
    mail_approved_subject: 'Ordren din på {{total}} er godkjent',
    mail_approved_intro:
      'En administrator i {{company}} har godkjent ordren din. Den er lagt inn med ordrenummer {{number}}; ordrebekreftelsen kommer i en egen e-post.',
    mail_declined_subject: 'Ordren din på {{total}} ble ikke godkjent',
    mail_declined_intro: 'En administrator i {{company}} har avslått ordren din på {{total}}. Ingenting er bestilt.',
    mail_reason: 'Begrunnelse: {{reason}}',
  },
  da: {
    viewer_refused: 'Som læser i virksomhedskontoen kan du ikke bestille. Bed en administrator om rollen indkøber.',
    invoice_only:
      'Ordren er over din bestillingsgrænse og venter på godkendelse. Sådanne ordrer betales via faktura: vælg erhvervsfaktura.',
    limit_notice: 'Ordrer over {{limit}} venter på godkendelse af en administrator i {{company}} og betales via faktura.',
    viewer_notice: 'Du er læser i {{company}} og kan ikke bestille. Bed en administrator om rollen indkøber.',
    waiting_title: 'Ordren venter på godkendelse',
    waiting_text:
      'Ordren på {{total}} er over din bestillingsgrænse. En administrator i {{company}} er blevet spurgt; du får en e-mail, når de har besluttet sig. Intet er bestilt indtil da.',
    declined_title: 'Ordren blev ikke godkendt',
    declined_text: 'En administrator i {{company}} godkendte ikke ordren. Intet er bestilt.',
    approved_text: 'Ordren er godkendt og afgivet: ordrenummer {{number}}.',
    approvals_title: 'Ordrer, der venter på godkendelse',
    my_approvals_title: 'Mine ordrer, der venter på godkendelse',
    none_waiting: 'Ingen ordrer venter på godkendelse.',
    requested_by: 'Bestiller',
    requested_at: 'Dato',
    total: 'Beløb',
    status: 'Status',
    status_waiting: 'Venter på godkendelse',
    status_approved: 'Godkendt',
    status_declined: 'Ikke godkendt',
    placed_by: 'Bestilt af',
    approve: 'Godkend',
    decline: 'Afvis',
    reason: 'Begrundelse (valgfri)',
    done_approve: 'Ordren er godkendt og afgivet.',
    done_decline: 'Ordren er afvist. Bestilleren får en e-mail.',
    refused_decided: 'ordren er allerede godkendt eller afvist.',
    refused_price_changed: 'prisen er ændret, siden ordren blev lagt. Afvis den, og bed bestilleren lægge den igen.',
    refused_out_of_stock: 'en vare er ikke længere på lager i det antal. Afvis ordren, og bed bestilleren lægge den igen.',
    refused_not_member: 'bestilleren handler ikke længere for virksomheden. Afvis ordren.',
    mail_request_subject: '{{buyer}} venter på din godkendelse af en ordre på {{total}}',
    mail_request_intro:
      '{{buyer}} vil bestille for {{company}} for {{total}}, over sin bestillingsgrænse. Godkend eller afvis ordren i virksomhedskontoen.',
    mail_request_button: 'Vis ordren',
    mail_approved_subject: 'Din ordre på {{total}} er godkendt',
    mail_approved_intro:
      'En administrator i {{company}} har godkendt din ordre. Den er afgivet med ordrenummer {{number}}; ordrebekræftelsen kommer i en separat e-mail.',
    mail_declined_subject: 'Din ordre på {{total}} blev ikke godkendt',
    mail_declined_intro: 'En administrator i {{company}} har afvist din ordre på {{total}}. Intet er bestilt.',
    mail_reason: 'Begrundelse: {{reason}}',
  },
  fi: {
    viewer_refused: 'Yritystilin lukijana et voi tilata. Pyydä ylläpitäjältä ostajan rooli.',
    invoice_only: 'Tilaus ylittää tilausrajasi ja odottaa hyväksyntää. Tällaiset tilaukset maksetaan laskulla: valitse yrityslasku.',
    limit_notice: 'Yli {{limit}} tilaukset odottavat yrityksen {{company}} ylläpitäjän hyväksyntää ja maksetaan laskulla.',
    viewer_notice: 'Olet yrityksen {{company}} lukija etkä voi tilata. Pyydä ylläpitäjältä ostajan rooli.',
    waiting_title: 'Tilaus odottaa hyväksyntää',
    waiting_text:
      'Tilauksesi {{total}} ylittää tilausrajasi. Yrityksen {{company}} ylläpitäjältä on kysytty; saat sähköpostin, kun asia on päätetty. Mitään ei ole tilattu sitä ennen.',
    declined_title: 'Tilausta ei hyväksytty',
    declined_text: 'Yrityksen {{company}} ylläpitäjä ei hyväksynyt tilausta. Mitään ei ole tilattu.',
    approved_text: 'Tilaus on hyväksytty ja tehty: tilausnumero {{number}}.',
    approvals_title: 'Hyväksyntää odottavat tilaukset',
    my_approvals_title: 'Omat hyväksyntää odottavat tilaukseni',
    none_waiting: 'Yksikään tilaus ei odota hyväksyntää.',
    requested_by: 'Tilaaja',
    requested_at: 'Päivämäärä',
    total: 'Summa',
    status: 'Tila',
    status_waiting: 'Odottaa hyväksyntää',
    status_approved: 'Hyväksytty',
    status_declined: 'Hylätty',
    placed_by: 'Tilaaja',
    approve: 'Hyväksy',
    decline: 'Hylkää',
    reason: 'Syy (valinnainen)',
    done_approve: 'Tilaus on hyväksytty ja tehty.',
    done_decline: 'Tilaus on hylätty. Tilaaja saa sähköpostin.',
    refused_decided: 'tilaus on jo hyväksytty tai hylätty.',
    refused_price_changed: 'hinta on muuttunut tilauksen jälkeen. Hylkää se ja pyydä tilaajaa tekemään se uudelleen.',
    refused_out_of_stock: 'tuotetta ei ole enää varastossa tätä määrää. Hylkää tilaus ja pyydä tilaajaa tekemään se uudelleen.',
    refused_not_member: 'tilaaja ei enää osta yritykselle. Hylkää tilaus.',
    mail_request_subject: '{{buyer}} odottaa hyväksyntääsi {{total}} tilaukselle',
    mail_request_intro:
      '{{buyer}} haluaa tilata yritykselle {{company}} summalla {{total}}, yli tilausrajansa. Hyväksy tai hylkää tilaus yritystilillä.',
    mail_request_button: 'Näytä tilaus',
    mail_approved_subject: 'Tilauksesi {{total}} on hyväksytty',
    mail_approved_intro:
      'Yrityksen {{company}} ylläpitäjä on hyväksynyt tilauksesi. Se on tehty tilausnumerolla {{number}}; tilausvahvistus tulee omana viestinään.',
    mail_declined_subject: 'Tilaustasi {{total}} ei hyväksytty',
    mail_declined_intro: 'Yrityksen {{company}} ylläpitäjä on hylännyt tilauksesi {{total}}. Mitään ei ole tilattu.',
    mail_reason: 'Syy: {{reason}}',
  },
  nl: {
    viewer_refused: 'Als lezer van het bedrijfsaccount kunt u niet bestellen. Vraag een beheerder om de rol inkoper.',
    invoice_only:
      'De bestelling ligt boven uw bestellimiet en wacht op goedkeuring. Zulke bestellingen worden per factuur betaald: kies zakelijke factuur.',
    limit_notice: 'Bestellingen boven {{limit}} wachten op goedkeuring door een beheerder van {{company}} en worden per factuur betaald.',
    viewer_notice: 'U bent lezer bij {{company}} en kunt niet bestellen. Vraag een beheerder om de rol inkoper.',
    waiting_title: 'De bestelling wacht op goedkeuring',
    waiting_text:
      'De bestelling van {{total}} ligt boven uw bestellimiet. Een beheerder van {{company}} is gevraagd; u krijgt een e-mail zodra die heeft beslist. Tot dan is er niets besteld.',
    declined_title: 'De bestelling is niet goedgekeurd',
    declined_text: 'Een beheerder van {{company}} heeft de bestelling niet goedgekeurd. Er is niets besteld.',
    approved_text: 'De bestelling is goedgekeurd en geplaatst: bestelnummer {{number}}.',
    approvals_title: 'Bestellingen die op goedkeuring wachten',
    my_approvals_title: 'Mijn bestellingen die op goedkeuring wachten',
    none_waiting: 'Er wachten geen bestellingen op goedkeuring.',
    requested_by: 'Besteller',
    requested_at: 'Datum',
    total: 'Totaal',
    status: 'Status',
    status_waiting: 'Wacht op goedkeuring',
    status_approved: 'Goedgekeurd',
    status_declined: 'Afgewezen',
    placed_by: 'Besteld door',
    approve: 'Goedkeuren',
    decline: 'Afwijzen',
    reason: 'Reden (optioneel)',
    done_approve: 'De bestelling is goedgekeurd en geplaatst.',
    done_decline: 'De bestelling is afgewezen. De besteller krijgt een e-mail.',
    refused_decided: 'de bestelling is al goedgekeurd of afgewezen.',
    refused_price_changed: 'de prijs is veranderd sinds de bestelling. Wijs haar af en vraag de besteller opnieuw te bestellen.',
    refused_out_of_stock:
      'een artikel is niet meer in die hoeveelheid op voorraad. Wijs de bestelling af en vraag de besteller opnieuw te bestellen.',
    refused_not_member: 'de besteller koopt niet meer voor het bedrijf. Wijs de bestelling af.',
    mail_request_subject: '{{buyer}} wacht op uw goedkeuring van een bestelling van {{total}}',
    mail_request_intro:
      '{{buyer}} wil voor {{company}} bestellen voor {{total}}, boven de eigen bestellimiet. Keur de bestelling goed of wijs haar af in het bedrijfsaccount.',
    mail_request_button: 'Bestelling bekijken',
    mail_approved_subject: 'Uw bestelling van {{total}} is goedgekeurd',
    mail_approved_intro:
      'Een beheerder van {{company}} heeft uw bestelling goedgekeurd. Ze is geplaatst met bestelnummer {{number}}; de orderbevestiging volgt in een aparte e-mail.',
    mail_declined_subject: 'Uw bestelling van {{total}} is niet goedgekeurd',
    mail_declined_intro: 'Een beheerder van {{company}} heeft uw bestelling van {{total}} afgewezen. Er is niets besteld.',
    mail_reason: 'Reden: {{reason}}',
  },
};

/** The text in the storefront's language with `{{name}}` filled in (values are plain text; pages and mails escape). */
export function approvalText(locale: LocaleCode, key: ApprovalTextKey, values: Record<string, string | number> = {}): string {
  return TEXTS[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

import { invitationTtlHours } from '../../schemas/employees.schema';
import type { FaqCategory, FaqEntry, FaqResponse, LocalizedText } from '../../schemas/public.schema';

/**
 * The FAQ (SPEC §2 /faq): content in English and Greek, served by `faq` (schemas/public.schema.ts) for the app to show
 * in the reader's language and to search. Facts must match the product: fees docs/fees.md, plans docs/plans.md,
 * cards ADR 010, team server/team/. tests/api/publicContent.test.ts checks every entry has both languages.
 */

const categoryTitles: Record<FaqCategory, LocalizedText> = {
  getting_started: { en: 'Getting started', el: 'Πρώτα βήματα' },
  account_and_top_up: { en: 'Account and top-up', el: 'Λογαριασμός και καταθέσεις' },
  payments: { en: 'Payments', el: 'Πληρωμές' },
  cards: { en: 'Cards', el: 'Κάρτες' },
  plans_and_fees: { en: 'Plans and fees', el: 'Συνδρομές και χρεώσεις' },
  security: { en: 'Security', el: 'Ασφάλεια' },
  team: { en: 'Your team', el: 'Η ομάδα σας' },
  analytics_and_statements: { en: 'Analytics and statements', el: 'Αναλύσεις και κινήσεις λογαριασμού' },
};

const order: FaqCategory[] = [
  'getting_started',
  'account_and_top_up',
  'payments',
  'cards',
  'plans_and_fees',
  'security',
  'team',
  'analytics_and_statements',
];

export const faqEntries: FaqEntry[] = [
  {
    id: 'open-account',
    category: 'getting_started',
    question: {
      en: 'How do I open a Tameio business account?',
      el: 'Πώς ανοίγω επαγγελματικό λογαριασμό στο Tameio;',
    },
    answer: {
      en: 'Register with your email and mobile phone, confirm each with the code we send, and choose a password. Then complete the company onboarding: the representative, company details, directors, shareholders, documents and expected activity. Once you submit it, we review your application; money features open as soon as it is approved.',
      el: 'Εγγραφείτε με το email και το κινητό σας, επιβεβαιώστε το καθένα με τον κωδικό που σας στέλνουμε και επιλέξτε κωδικό πρόσβασης. Έπειτα συμπληρώστε τα στοιχεία της εταιρείας: νόμιμο εκπρόσωπο, στοιχεία εταιρείας, διευθυντές, μετόχους, έγγραφα και αναμενόμενη δραστηριότητα. Μόλις τα υποβάλετε, εξετάζουμε την αίτηση· οι λειτουργίες χρημάτων ανοίγουν μόλις εγκριθεί.',
    },
  },
  {
    id: 'review-time',
    category: 'getting_started',
    question: {
      en: 'How long does the review of my application take?',
      el: 'Πόσο διαρκεί ο έλεγχος της αίτησής μου;',
    },
    answer: {
      en: 'Most applications are decided within two working days. If we need another document we ask you by email, and you can upload it from your profile. You can sign in meanwhile and see the status of your application.',
      el: 'Οι περισσότερες αιτήσεις κρίνονται μέσα σε δύο εργάσιμες ημέρες. Αν χρειαστούμε κάποιο επιπλέον έγγραφο, σας το ζητάμε με email και μπορείτε να το ανεβάσετε από το προφίλ σας. Στο μεταξύ μπορείτε να συνδεθείτε και να δείτε την κατάσταση της αίτησής σας.',
    },
  },
  {
    id: 'top-up-bank-transfer',
    category: 'account_and_top_up',
    question: {
      en: 'How do I top up my account?',
      el: 'Πώς καταθέτω χρήματα στον λογαριασμό μου;',
    },
    answer: {
      en: 'Send a bank transfer from any bank to the IBAN shown under My wallet → My accounts (account holder, IBAN and BIC are there to copy). The money appears in your balance as soon as the transfer reaches us; it is listed in Transactions as an incoming bank transfer.',
      el: 'Κάντε τραπεζική μεταφορά από οποιαδήποτε τράπεζα στο IBAN που εμφανίζεται στο Πορτοφόλι μου → Οι λογαριασμοί μου (εκεί θα βρείτε για αντιγραφή δικαιούχο, IBAN και BIC). Τα χρήματα εμφανίζονται στο υπόλοιπό σας μόλις φτάσει η μεταφορά· καταγράφονται στις Συναλλαγές ως εισερχόμενη τραπεζική μεταφορά.',
    },
  },
  {
    id: 'balance-vs-available',
    category: 'account_and_top_up',
    question: {
      en: 'Why is my available balance lower than my balance?',
      el: 'Γιατί το διαθέσιμο υπόλοιπο είναι μικρότερο από το υπόλοιπο;',
    },
    answer: {
      en: 'A payment to another bank stays pending until that bank confirms it. Its amount and fee are held at once, so they cannot be spent twice: the balance still includes them, the available balance does not. If the other bank refuses the payment, amount and fee return to your available balance.',
      el: 'Μια πληρωμή προς άλλη τράπεζα παραμένει σε εκκρεμότητα μέχρι να την επιβεβαιώσει εκείνη η τράπεζα. Το ποσό και η χρέωσή της δεσμεύονται αμέσως, ώστε να μην ξοδευτούν δύο φορές: το υπόλοιπο τα περιλαμβάνει ακόμη, το διαθέσιμο υπόλοιπο όχι. Αν η άλλη τράπεζα απορρίψει την πληρωμή, ποσό και χρέωση επιστρέφουν στο διαθέσιμο υπόλοιπο.',
    },
  },
  {
    id: 'send-money',
    category: 'payments',
    question: {
      en: 'How do I send money, and to whom?',
      el: 'Πώς στέλνω χρήματα και σε ποιον;',
    },
    answer: {
      en: 'From My wallet choose Send money and find the recipient by wallet tag (such as @demo-coffee), by IBAN with the payee’s name, or from your saved beneficiaries. Payments to a wallet tag or to an IBAN of Tameio arrive at once and are free; payments to other banks arrive after the other bank confirms them. You can add a note, and schedule a payment or repeat it.',
      el: 'Από το Πορτοφόλι μου επιλέξτε Αποστολή χρημάτων και βρείτε τον παραλήπτη με την ετικέτα πορτοφολιού του (π.χ. @demo-coffee), με IBAN και το όνομα του δικαιούχου ή από τους αποθηκευμένους δικαιούχους σας. Οι πληρωμές σε ετικέτα πορτοφολιού ή σε IBAN του Tameio φτάνουν αμέσως και χωρίς χρέωση· οι πληρωμές σε άλλες τράπεζες φτάνουν όταν τις επιβεβαιώσει η άλλη τράπεζα. Μπορείτε να προσθέσετε σημείωση και να προγραμματίσετε ή να επαναλαμβάνετε μια πληρωμή.',
    },
  },
  {
    id: 'payment-fees',
    category: 'plans_and_fees',
    question: {
      en: 'What does a payment cost?',
      el: 'Πόσο κοστίζει μια πληρωμή;',
    },
    answer: {
      en: 'Payments to a wallet tag or to an IBAN of Tameio are free. A SEPA payment in euro to another bank costs EUR 0.50; a payment outside SEPA or in another currency costs EUR 5.00. The fee is shown before you confirm and is charged on top of the amount. Currency conversion uses the mid-market rate less a 0.50 % margin.',
      el: 'Οι πληρωμές σε ετικέτα πορτοφολιού ή σε IBAN του Tameio είναι δωρεάν. Μια πληρωμή SEPA σε ευρώ προς άλλη τράπεζα κοστίζει 0,50 €· μια πληρωμή εκτός SEPA ή σε άλλο νόμισμα κοστίζει 5,00 €. Η χρέωση εμφανίζεται πριν την επιβεβαίωση και προστίθεται στο ποσό. Η μετατροπή νομίσματος γίνεται με τη μέση ισοτιμία της αγοράς μείον περιθώριο 0,50 %.',
    },
  },
  {
    id: 'payee-name-check',
    category: 'payments',
    question: {
      en: 'What does the name check before a payment mean?',
      el: 'Τι σημαίνει ο έλεγχος ονόματος πριν από μια πληρωμή;',
    },
    answer: {
      en: 'Before a payment to an IBAN we compare the name you entered with the account holder’s name (Verification of Payee). You will see a match, a close match with the registered name, no match, or that the check was not possible. If the names differ you can correct the details or proceed anyway; proceeding is recorded with the payment.',
      el: 'Πριν από μια πληρωμή σε IBAN συγκρίνουμε το όνομα που γράψατε με το όνομα του δικαιούχου του λογαριασμού (Επαλήθευση Δικαιούχου). Θα δείτε ταύτιση, κοντινή ταύτιση με το καταχωρισμένο όνομα, μη ταύτιση ή ότι ο έλεγχος δεν ήταν δυνατός. Αν τα ονόματα διαφέρουν, μπορείτε να διορθώσετε τα στοιχεία ή να συνεχίσετε· η επιλογή σας καταγράφεται μαζί με την πληρωμή.',
    },
  },
  {
    id: 'request-money-qr',
    category: 'payments',
    question: {
      en: 'Can customers and partners pay me without my IBAN?',
      el: 'Μπορούν πελάτες και συνεργάτες να με πληρώσουν χωρίς το IBAN μου;',
    },
    answer: {
      en: 'Yes. Other Tameio merchants can pay your wallet tag directly. You can also send a money request, which they accept or decline, or create a QR code with a shareable link that opens a payment to you.',
      el: 'Ναι. Άλλοι έμποροι του Tameio μπορούν να σας πληρώσουν απευθείας στην ετικέτα πορτοφολιού σας. Μπορείτε επίσης να στείλετε αίτημα πληρωμής, το οποίο αποδέχονται ή απορρίπτουν, ή να δημιουργήσετε κωδικό QR με σύνδεσμο κοινοποίησης που ανοίγει μια πληρωμή προς εσάς.',
    },
  },
  {
    id: 'cards-how-many',
    category: 'cards',
    question: {
      en: 'How many cards can my company have?',
      el: 'Πόσες κάρτες μπορεί να έχει η εταιρεία μου;',
    },
    answer: {
      en: 'Each person in your company can hold up to 3 physical and 3 virtual cards. Virtual cards work at once for online payments; physical cards are shipped to the address you choose and work after you activate them. A card can also be single-use: it is restricted after its first payment.',
      el: 'Κάθε πρόσωπο της εταιρείας σας μπορεί να έχει έως 3 φυσικές και 3 ψηφιακές κάρτες. Οι ψηφιακές κάρτες λειτουργούν αμέσως για αγορές στο διαδίκτυο· οι φυσικές αποστέλλονται στη διεύθυνση που επιλέγετε και λειτουργούν αφού τις ενεργοποιήσετε. Μια κάρτα μπορεί επίσης να είναι μίας χρήσης: περιορίζεται μετά την πρώτη πληρωμή.',
    },
  },
  {
    id: 'card-limits-freeze',
    category: 'cards',
    question: {
      en: 'How do I set limits on a card or freeze it?',
      el: 'Πώς ορίζω όρια σε μια κάρτα ή την παγώνω;',
    },
    answer: {
      en: 'Open the card under Cards. You can set limits for all payments, shop (POS) payments, online payments and ATM withdrawals, with one frequency for all of them (daily, weekly, monthly or yearly); any limit can be unlimited. Freeze a card to block payments for a while and unfreeze it when you are ready; a lost card should be reported as lost.',
      el: 'Ανοίξτε την κάρτα από τις Κάρτες. Μπορείτε να ορίσετε όρια για όλες τις πληρωμές, τις πληρωμές σε καταστήματα (POS), τις αγορές στο διαδίκτυο και τις αναλήψεις από ATM, με κοινή συχνότητα για όλα (ημερήσια, εβδομαδιαία, μηνιαία ή ετήσια)· κάθε όριο μπορεί να είναι απεριόριστο. Παγώστε την κάρτα για να μπλοκάρετε προσωρινά τις πληρωμές και ξεπαγώστε τη όταν θέλετε· μια χαμένη κάρτα δηλώστε τη ως χαμένη.',
    },
  },
  {
    id: 'card-details-pin',
    category: 'cards',
    question: {
      en: 'Where do I see my card number, CVV or PIN?',
      el: 'Πού βλέπω τον αριθμό, το CVV ή το PIN της κάρτας μου;',
    },
    answer: {
      en: 'Open the card and choose to view its details, PIN or e-PIN. We first send you a one-time code by SMS or email; the details are shown only after you enter it. The e-PIN has 5 digits. Card details are stored encrypted and never appear in lists or emails.',
      el: 'Ανοίξτε την κάρτα και επιλέξτε προβολή στοιχείων, PIN ή e-PIN. Πρώτα σας στέλνουμε κωδικό μίας χρήσης με SMS ή email· τα στοιχεία εμφανίζονται μόνο αφού τον πληκτρολογήσετε. Το e-PIN έχει 5 ψηφία. Τα στοιχεία της κάρτας αποθηκεύονται κρυπτογραφημένα και δεν εμφανίζονται ποτέ σε λίστες ή email.',
    },
  },
  {
    id: 'plans-choose-cancel',
    category: 'plans_and_fees',
    question: {
      en: 'Which plans are there, and how do I change or cancel mine?',
      el: 'Ποιες συνδρομές υπάρχουν και πώς αλλάζω ή ακυρώνω τη δική μου;',
    },
    answer: {
      en: 'There are Free, Business and Premium, billed monthly or yearly (a yearly plan costs less than twelve months), with an optional POS terminal. Paid plans bring cheaper or free cards and more cashback. An upgrade starts at once; if you cancel, your plan stays until the end of the billing period and then becomes Free.',
      el: 'Υπάρχουν οι συνδρομές Free, Business και Premium, με μηνιαία ή ετήσια χρέωση (η ετήσια κοστίζει λιγότερο από δώδεκα μήνες), με προαιρετικό τερματικό POS. Οι συνδρομές επί πληρωμή προσφέρουν φθηνότερες ή δωρεάν κάρτες και μεγαλύτερο cashback. Η αναβάθμιση ισχύει αμέσως· αν ακυρώσετε, η συνδρομή παραμένει έως το τέλος της περιόδου χρέωσης και μετά γίνεται Free.',
    },
  },
  {
    id: 'cashback',
    category: 'plans_and_fees',
    question: {
      en: 'How does cashback work?',
      el: 'Πώς λειτουργεί το cashback;',
    },
    answer: {
      en: 'Every approved card payment in a shop or online earns cashback at your plan’s rate (0.25 % on Free, 0.5 % on Business, 1 % on Premium). What you earn in a month is paid into your account at the start of the next month and shown on the Cashback page.',
      el: 'Κάθε εγκεκριμένη πληρωμή με κάρτα σε κατάστημα ή στο διαδίκτυο κερδίζει cashback με το ποσοστό της συνδρομής σας (0,25 % στο Free, 0,5 % στο Business, 1 % στο Premium). Ό,τι κερδίζετε μέσα σε έναν μήνα πιστώνεται στον λογαριασμό σας στην αρχή του επόμενου και εμφανίζεται στη σελίδα Cashback.',
    },
  },
  {
    id: 'sign-in-codes',
    category: 'security',
    question: {
      en: 'Why do you ask for a one-time code?',
      el: 'Γιατί μου ζητάτε κωδικό μίας χρήσης;',
    },
    answer: {
      en: 'Signing in needs your password and a code sent to your email or phone. We ask for a fresh code again before sensitive actions: every payment to an IBAN, wallet payments of {threshold} or more, setting up a repeating payment, and viewing card details. A code works once, for {codeLifetime}, for the action it was sent for. Tameio staff never ask you for a code.',
      el: 'Η σύνδεση απαιτεί τον κωδικό πρόσβασής σας και έναν κωδικό που αποστέλλεται στο email ή στο τηλέφωνό σας. Ζητάμε νέο κωδικό και πριν από ευαίσθητες ενέργειες: κάθε πληρωμή σε IBAN, πληρωμές σε ετικέτα πορτοφολιού από {threshold} και πάνω, τη ρύθμιση επαναλαμβανόμενης πληρωμής και προβολή στοιχείων κάρτας. Ένας κωδικός ισχύει μία φορά, για {codeLifetime}, για την ενέργεια για την οποία στάλθηκε. Το προσωπικό του Tameio δεν σας ζητά ποτέ κωδικό.',
    },
  },
  {
    id: 'signed-out-idle',
    category: 'security',
    question: {
      en: 'Why was I signed out?',
      el: 'Γιατί αποσυνδέθηκα;',
    },
    answer: {
      en: 'For your safety a session ends after {idleLimit} without activity; {idleWarning} before, we ask whether you want to stay. A session also ends after {sessionLimit} in any case, and when you or the account owner sign out everywhere. Sign in again to continue.',
      el: 'Για την ασφάλειά σας μια σύνδεση λήγει μετά από {idleLimit} αδράνειας· {idleWarning} πριν σας ρωτάμε αν θέλετε να παραμείνετε. Μια σύνδεση λήγει επίσης σε κάθε περίπτωση μετά από {sessionLimit} και όταν εσείς ή ο ιδιοκτήτης του λογαριασμού αποσυνδεθείτε από όλες τις συσκευές. Συνδεθείτε ξανά για να συνεχίσετε.',
    },
  },
  {
    id: 'invite-employees',
    category: 'team',
    question: {
      en: 'How do I invite employees, and what can they do?',
      el: 'Πώς προσκαλώ υπαλλήλους και τι μπορούν να κάνουν;',
    },
    answer: {
      en: 'The account owner invites a person by email under My employees, choosing a role (Admin, Cardholder or Viewer) and an access level: their own cards only, or also the company’s balances, statements and transactions. The invitation link works for {invitationLifetime}. Viewers can look but not move money; you can disable an employee at any time, which signs them out at once.',
      el: 'Ο ιδιοκτήτης του λογαριασμού προσκαλεί ένα πρόσωπο με email από τους Υπαλλήλους μου, επιλέγοντας ρόλο (Διαχειριστής, Κάτοχος κάρτας ή Προβολή μόνο) και επίπεδο πρόσβασης: μόνο τις δικές του κάρτες ή και τα υπόλοιπα, τις κινήσεις λογαριασμών και τις συναλλαγές της εταιρείας. Ο σύνδεσμος πρόσκλησης ισχύει {invitationLifetime}. Όσοι έχουν τον ρόλο Προβολή μόνο βλέπουν αλλά δεν μετακινούν χρήματα· μπορείτε να απενεργοποιήσετε έναν υπάλληλο οποιαδήποτε στιγμή, οπότε αποσυνδέεται αμέσως.',
    },
  },
  {
    id: 'statements-export',
    category: 'analytics_and_statements',
    question: {
      en: 'How do I download a statement?',
      el: 'Πώς κατεβάζω την κίνηση ενός λογαριασμού;',
    },
    answer: {
      en: 'In Transactions, filter the list as you like and export it as CSV, Excel or PDF, or download the monthly statement of an account. Each file shows your company’s details, the period, and the opening and closing balances; large exports download while they are being made.',
      el: 'Στις Συναλλαγές φιλτράρετε τη λίστα όπως θέλετε και εξαγάγετέ τη ως CSV, Excel ή PDF, ή κατεβάστε τη μηνιαία κίνηση ενός λογαριασμού. Κάθε αρχείο δείχνει τα στοιχεία της εταιρείας σας, την περίοδο και το αρχικό και τελικό υπόλοιπο· οι μεγάλες εξαγωγές κατεβαίνουν καθώς δημιουργούνται.',
    },
  },
  {
    id: 'analytics',
    category: 'analytics_and_statements',
    question: {
      en: 'What do the analytics show?',
      el: 'Τι δείχνουν οι αναλύσεις;',
    },
    answer: {
      en: 'Analytics show the money in and out of an account over the last week, month or year, your expenses by category (card payments in shops, online and at ATMs, transfers and fees), the last twelve months side by side and who you receive from and pay most. Only completed payments count; declined and failed ones do not.',
      el: 'Οι αναλύσεις δείχνουν τα χρήματα που μπήκαν και βγήκαν από έναν λογαριασμό την τελευταία εβδομάδα, μήνα ή έτος, τα έξοδά σας ανά κατηγορία (πληρωμές με κάρτα σε καταστήματα, στο διαδίκτυο και σε ATM, μεταφορές και χρεώσεις), τους τελευταίους δώδεκα μήνες δίπλα-δίπλα και από ποιους εισπράττετε και σε ποιους πληρώνετε περισσότερο. Μετρούν μόνο οι ολοκληρωμένες πληρωμές· οι απορριφθείσες και οι αποτυχημένες όχι.',
    },
  },
  {
    id: 'advertise',
    category: 'plans_and_fees',
    question: {
      en: 'How can I advertise my business on Tameio?',
      el: 'Πώς μπορώ να διαφημίσω την επιχείρησή μου στο Tameio;',
    },
    answer: {
      en: 'Under Advertise with us choose a plan by reach and duration, write a short headline and the web address it should lead to, and pick a start date. The price is paid from your wallet and the campaign appears in your list as scheduled, active or ended.',
      el: 'Στην ενότητα Διαφημιστείτε μαζί μας επιλέξτε πακέτο ανάλογα με την εμβέλεια και τη διάρκεια, γράψτε έναν σύντομο τίτλο και τη διεύθυνση ιστού στην οποία θα οδηγεί και επιλέξτε ημερομηνία έναρξης. Η τιμή πληρώνεται από το πορτοφόλι σας και η καμπάνια εμφανίζεται στη λίστα σας ως προγραμματισμένη, ενεργή ή ολοκληρωμένη.',
    },
  },
];

/** The configured numbers an answer quotes as `{name}`: read from the server's settings when the FAQ is served. */
export type FaqSettings = {
  otpTtlSeconds: number;
  idleTimeoutSeconds: number;
  idleWarningSeconds: number;
  refreshTtlSeconds: number;
  verificationThresholdEurMinor: bigint;
};

type Language = keyof LocalizedText;

const units = {
  hour: { en: ['hour', 'hours'], el: ['ώρα', 'ώρες'] },
  minute: { en: ['minute', 'minutes'], el: ['λεπτό', 'λεπτά'] },
  second: { en: ['second', 'seconds'], el: ['δευτερόλεπτο', 'δευτερόλεπτα'] },
} as const;

/** A length of time in the largest whole unit: "5 minutes", "12 ώρες", "30 seconds". */
function duration(seconds: number, language: Language): string {
  const [count, unit] =
    seconds % 3600 === 0 && seconds > 0
      ? [seconds / 3600, units.hour]
      : seconds % 60 === 0 && seconds > 0
        ? [seconds / 60, units.minute]
        : [seconds, units.second];
  return `${count} ${unit[language][count === 1 ? 0 : 1]}`;
}

/** An amount in EUR as the FAQ words it: "100 EUR", "100 €", "125.50 EUR", "125,50 €". */
function euros(minor: bigint, language: Language): string {
  const whole = minor / 100n;
  const cents = minor % 100n;
  const separator = language === 'el' ? ',' : '.';
  const amount = cents === 0n ? `${whole}` : `${whole}${separator}${String(cents).padStart(2, '0')}`;
  return language === 'el' ? `${amount} €` : `${amount} EUR`;
}

function fill(text: LocalizedText, settings: FaqSettings): LocalizedText {
  const filled = (language: Language) => {
    const values: Record<string, string> = {
      threshold: euros(settings.verificationThresholdEurMinor, language),
      codeLifetime: duration(settings.otpTtlSeconds, language),
      idleLimit: duration(settings.idleTimeoutSeconds, language),
      idleWarning: duration(settings.idleWarningSeconds, language),
      sessionLimit: duration(settings.refreshTtlSeconds, language),
      invitationLifetime: duration(invitationTtlHours * 3600, language),
    };
    return text[language].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  };
  return { en: filled('en'), el: filled('el') };
}

/** `faq`: categories in order and every entry, the numbers it quotes from the server's settings. */
export function faqContent(settings: FaqSettings): FaqResponse {
  return {
    categories: order.map((id) => ({ id, title: categoryTitles[id] })),
    items: faqEntries.map((entry) => ({ ...entry, answer: fill(entry.answer, settings) })),
  };
}

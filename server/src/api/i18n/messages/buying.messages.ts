import type { MessageCatalogs } from './message-catalogs';

/** Checkout, payments, purchases, downloads and invoices. */
export const BUYING_MESSAGES: MessageCatalogs = {
  en: {
    'SHOPPING_CART.PREVIEWS_NOT_SEEN':
      'Please confirm that you have seen previews of sample documents for purchase',
    'SHOPPING_CART.TERMS_NOT_ACCEPTED': 'Shopping terms not accepted!',
    'SHOPPING_CART.PAYMENT_METHOD_REQUIRED': 'Please choose a payment method',
    'SHOPPING_CART.PRICES_CHANGED':
      'The basket has changed since you added the documents. Please check the new total and confirm the basket again.',
    'SHOPPING_CART.NOT_CONFIRMED': 'Please confirm the basket first.',
    'SHOPPING_CART.NOT_FREE': 'The basket holds documents to pay for: confirm it and go pay.',
    'SHOPPING_CART.ALREADY_PAID':
      'A payment for this basket has just arrived: the documents you paid for are yours, and the links to them are on their way to your e-mail. Please check the basket before paying again.',
    'VALIDATION.INVALID_VAT_NUMBER': 'Invalid VAT number (for example EE102345678)',
    'VALIDATION.INVALID_REGISTRY_CODE': 'Invalid registry code',
    'PURCHASE.NOT_FOUND': 'Purchase not found!',
    'PURCHASE.ALREADY_EXISTS': 'This purchase already exists.',
    'PURCHASE.NOT_PAYABLE': 'This purchase can no longer be paid. Please confirm the basket again.',
    'PURCHASE.NOT_PAID': 'The purchase has not been paid, so its files cannot be downloaded.',
    'PURCHASE.LINK_INVALID': 'The download link is invalid.',
    'PURCHASE.LINKS_EXPIRED': 'The download links have expired. You can ask for new ones.',
    'PURCHASE.INVALID_NUMBER': 'A purchase number has 8 characters: digits and the letters A–F.',
    'INVOICE.NOT_READY': 'The invoice is being prepared. Please try again in a moment.',
    'INVOICE.NOT_REQUESTED': 'No invoice was asked for with this purchase.',
    'PURCHASE.REFUNDED': 'This document was refunded: its files can no longer be downloaded.',
    'REFUND.IN_PROGRESS': 'A refund of this purchase is already under way at the payment gateway.',
    'REFUND.ALREADY_REFUNDED': 'These documents have already been refunded.',
    'REFUND.NOT_DUE': 'No payment with this transaction is owed back on this purchase.',
    'REFUND.NOT_FOUND': 'Refund not found!',
    'REFUND.NOT_OPEN': 'This refund has already completed or failed.',
    'REFUND.NOT_COMPLETED': 'The refund has not completed yet.',
    'REFUND.REASON_REQUIRED': 'Please give a reason for the refund.',
    'REFUND.REASON_TOO_LONG': 'The reason may have at most 500 characters.',
    'REFUND.DOCUMENT_NOT_IN_PURCHASE': 'A chosen document is not in this purchase.',
    'REFUND.DOCUMENTS_OR_PAYMENT':
      'Refund either documents of the purchase or a payment owed back, not both.',
    'CREDIT_NOTE.NOT_READY': 'The credit note is being prepared. Please try again in a moment.',
    'PAYMENT.MESSAGE_REJECTED': 'The payment message could not be verified.',
    'PAYMENT.UNKNOWN_REFERENCE': 'The payment message names no known purchase.',
    'PAYMENT.AMOUNT_MISMATCH': 'The amount paid does not match the purchase.',
    'PAYMENT.METHOD_UNAVAILABLE':
      'This payment method is not available right now. Please choose another one.',
    'PAYMENT.GATEWAY_UNAVAILABLE':
      'The payment service cannot be reached right now. Please try again shortly.',
    'VAT.NUMBER_NOT_IN_VIES':
      'VIES, the EU register of VAT numbers, does not know this VAT number. Check it, or buy without it (VAT is then charged).',
    'VAT.VIES_UNAVAILABLE':
      'VIES, the EU register of VAT numbers, does not answer right now, so your VAT number cannot be confirmed. Pay with VAT now, or try again later.',
    'VAT.COUNTRY_QUESTION': 'Please tell us which country you live in: the VAT depends on it.',
    'VAT.COUNTRY_CONTRADICTION':
      'Your billing address is in {0} but your bank is in {1}. Which country do you live in?',
    'VAT.COUNTRY_CONFIRMATION':
      'A card does not tell us its country before you pay. Please confirm that you live in {0}.',
    'RECEIPT.INVOICE_REQUESTED': 'This purchase asked for an invoice, so it gets an invoice number.',
  },
  et: {
    'SHOPPING_CART.PREVIEWS_NOT_SEEN':
      'Palun kinnitage, et olete näinud ostetavate dokumentide näidiste eelvaateid',
    'SHOPPING_CART.TERMS_NOT_ACCEPTED': 'Ostutingimustega ei ole nõustutud!',
    'SHOPPING_CART.PAYMENT_METHOD_REQUIRED': 'Palun valige makseviis',
    'SHOPPING_CART.PRICES_CHANGED':
      'Ostukorv on pärast dokumentide lisamist muutunud. Palun vaadake uus summa üle ja kinnitage ostukorv uuesti.',
    'SHOPPING_CART.NOT_CONFIRMED': 'Palun kinnitage esmalt ostukorv.',
    'SHOPPING_CART.NOT_FREE': 'Ostukorvis on tasulisi dokumente: kinnitage ostukorv ja makske.',
    'SHOPPING_CART.ALREADY_PAID':
      'Selle ostukorvi eest saabus just makse: tasutud dokumendid on teie omad ja lingid nendele on teel teie e-posti. Palun vaadake ostukorv üle, enne kui uuesti maksate.',
    'VALIDATION.INVALID_VAT_NUMBER': 'Vigane käibemaksukohustuslase number (näiteks EE102345678)',
    'VALIDATION.INVALID_REGISTRY_CODE': 'Vigane registrikood',
    'PURCHASE.NOT_FOUND': 'Ostu ei leitud!',
    'PURCHASE.ALREADY_EXISTS': 'See ost on juba olemas.',
    'PURCHASE.NOT_PAYABLE': 'Seda ostu ei saa enam tasuda. Palun kinnitage ostukorv uuesti.',
    'PURCHASE.NOT_PAID': 'Ost ei ole tasutud, seega selle faile ei saa alla laadida.',
    'PURCHASE.LINK_INVALID': 'Allalaadimislink on vigane.',
    'PURCHASE.LINKS_EXPIRED': 'Allalaadimislingid on aegunud. Võite küsida uued.',
    'PURCHASE.INVALID_NUMBER': 'Ostu numbris on 8 märki: numbrid ja tähed A–F.',
    'INVOICE.NOT_READY': 'Arvet alles koostatakse. Palun proovige hetke pärast uuesti.',
    'INVOICE.NOT_REQUESTED': 'Selle ostuga arvet ei soovitud.',
    'PURCHASE.REFUNDED': 'Selle dokumendi raha on tagastatud: selle faile ei saa enam alla laadida.',
    'REFUND.IN_PROGRESS': 'Selle ostu raha tagastamine on makseteenuse pakkujal juba pooleli.',
    'REFUND.ALREADY_REFUNDED': 'Nende dokumentide raha on juba tagastatud.',
    'REFUND.NOT_DUE': 'Selle tehinguga makset ei ole sellel ostul tagastada.',
    'REFUND.NOT_FOUND': 'Tagastust ei leitud!',
    'REFUND.NOT_OPEN': 'See tagastus on juba lõpetatud või ebaõnnestunud.',
    'REFUND.NOT_COMPLETED': 'Tagastus ei ole veel lõpetatud.',
    'REFUND.REASON_REQUIRED': 'Palun kirjutage tagastamise põhjus.',
    'REFUND.REASON_TOO_LONG': 'Põhjuses võib olla kuni 500 märki.',
    'REFUND.DOCUMENT_NOT_IN_PURCHASE': 'Valitud dokumenti ei ole selles ostus.',
    'REFUND.DOCUMENTS_OR_PAYMENT':
      'Tagastage kas ostu dokumendid või tagastamisele kuuluv makse, mitte mõlemad.',
    'CREDIT_NOTE.NOT_READY': 'Kreeditarvet koostatakse. Palun proovige hetke pärast uuesti.',
    'PAYMENT.MESSAGE_REJECTED': 'Makseteadet ei õnnestunud kontrollida.',
    'PAYMENT.UNKNOWN_REFERENCE': 'Makseteade ei viita ühelegi teadaolevale ostule.',
    'PAYMENT.AMOUNT_MISMATCH': 'Makstud summa ei vasta ostule.',
    'PAYMENT.METHOD_UNAVAILABLE': 'See makseviis ei ole praegu saadaval. Palun valige mõni teine.',
    'PAYMENT.GATEWAY_UNAVAILABLE':
      'Makseteenus ei ole praegu kättesaadav. Palun proovige veidi aja pärast uuesti.',
    'VAT.NUMBER_NOT_IN_VIES':
      'ELi käibemaksukohustuslaste register VIES seda numbrit ei tunne. Kontrollige numbrit või ostke ilma selleta (siis lisandub käibemaks).',
    'VAT.VIES_UNAVAILABLE':
      'ELi käibemaksukohustuslaste register VIES ei vasta praegu, seega ei saa teie KMKR numbrit kinnitada. Makske kohe koos käibemaksuga või proovige hiljem uuesti.',
    'VAT.COUNTRY_QUESTION': 'Palun öelge, millises riigis te elate: käibemaks sõltub sellest.',
    'VAT.COUNTRY_CONTRADICTION':
      'Teie arveldusaadress on riigis {0}, aga pank riigis {1}. Millises riigis te elate?',
    'VAT.COUNTRY_CONFIRMATION':
      'Kaart ei ütle enne maksmist oma riiki. Palun kinnitage, et elate riigis {0}.',
    'RECEIPT.INVOICE_REQUESTED': 'Selle ostu juurde küsiti arvet, seega saab see arve numbri.',
  },
};

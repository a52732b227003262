import type { Lang } from '@ampelos/domain';

export interface GuideSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  /** A two-column table (first row is the header). */
  table?: [string, string][];
}

export interface GuideTexts {
  title: string;
  subtitle: string;
  intro: string;
  sections: GuideSection[];
  footer: string;
}

/**
 * "How to Fly with your Drone" for Bring Your Own Images reports. Numbers: ground resolution
 * (GSD) = sensor width × height / (focal length × image width); for a 20 MP 1-inch camera
 * (13.2 mm, 8.8 mm, 5472 px) that is about 1.1 cm per pixel at 40 m.
 */
export const GUIDE_TEXTS: Record<Lang, GuideTexts> = {
  en: {
    title: 'How to Fly with your Drone',
    subtitle: 'Capturing images of your vineyard for an Ampelos Bring Your Own Images report',
    intro:
      'Our AI finds stressed plants in close-up aerial photos of the vines. It works best with sharp, evenly lit, straight-down photos that overlap a lot and carry their GPS position. Follow these steps for every flight you upload.',
    sections: [
      {
        heading: '1. Before you fly',
        bullets: [
          "Download the field's KML from the field page (Download Kml) and load it into your flight-planning app as the mission area.",
          'Plan the mission about 10 m beyond the field boundary so the edge rows are covered from both sides.',
          'Check the local drone rules, permissions and no-fly zones for the area.',
          'Fly in dry weather with wind below about 8 m/s. Even light is best: a clear day within two hours of solar noon (short shadows) or a uniformly overcast sky. Avoid broken clouds that change the light between photos.',
          'Charge the batteries and empty the memory card; set the camera clock to the correct date and time.',
        ],
      },
      {
        heading: '2. Flight height and ground resolution',
        paragraphs: [
          'Fly 30 to 50 m above the vine canopy and aim for a ground resolution of 1.5 cm per pixel or finer. On slopes use terrain follow so the height above the vines stays the same across the field.',
        ],
        table: [
          ['Height above the canopy', 'Ground resolution (20 MP, 1-inch camera)'],
          ['30 m', 'about 0.8 cm per pixel'],
          ['40 m', 'about 1.1 cm per pixel'],
          ['50 m', 'about 1.4 cm per pixel'],
          ['60 m', 'about 1.6 cm per pixel (the upper limit)'],
        ],
      },
      {
        heading: '3. Overlap and flight lines',
        bullets: [
          'Front overlap (along a flight line): 75 to 80 %.',
          'Side overlap (between flight lines): 70 %.',
          'Where possible, fly the lines parallel to the vine rows.',
          'Fly the whole field in one session, at one height, with one camera.',
        ],
      },
      {
        heading: '4. Speed',
        paragraphs: [
          'Fly slowly enough that the drone moves less than half a pixel while the shutter is open: at 1/1000 s, 5 m/s moves 5 mm, well under half of a 1.1 cm pixel. Keep the speed at or below 5 m/s, and let the planning app lower it when it needs time between photos for the overlap.',
        ],
      },
      {
        heading: '5. Camera settings',
        bullets: [
          'Shutter speed 1/1000 s or faster (use shutter priority if the camera offers it).',
          'ISO 100 to 400; aperture f/2.8 to f/5.6.',
          'Focus at infinity, or auto-focus locked before the mission starts.',
          'Fixed white balance (Sunny or Cloudy to match the sky), never Auto, so colours compare across photos.',
          'JPEG at the highest quality and full resolution. No digital zoom, HDR, filters or beauty modes.',
          'Check the first photos: the vines must not be over-exposed (use exposure compensation if they are).',
        ],
      },
      {
        heading: '6. Gimbal: straight down (nadir)',
        paragraphs: [
          'Point the camera straight down (gimbal pitch −90°) for the whole mission and keep it there in both flight directions. Oblique photos cannot be placed on the map and are not used.',
        ],
      },
      {
        heading: '7. Geotagging',
        bullets: [
          'Keep GPS on: every photo must carry its latitude, longitude and altitude in its EXIF data.',
          'Upload the original files straight from the memory card. Editing programs, messaging apps and some cloud services remove the GPS data.',
          'Do not rename, crop, rotate or re-save the photos.',
        ],
      },
      {
        heading: '8. What to put in the zip',
        bullets: [
          'Only the original JPEG photos of this field, from one flight session (one day).',
          'Folders inside the zip are fine; the file names must stay as the camera wrote them.',
          'No videos, panoramas, screenshots, edited photos or photos of other fields.',
          'One zip per report, uploaded from the report on the field page. The dataset must be less than 1 terabyte (= 1000 GB) in size.',
        ],
      },
      {
        heading: '9. The geolocation check',
        paragraphs: [
          'After the upload, the position of every photo is checked against the polygon of the field you paid for. Photos taken outside the field are invalid and are not processed, and a dataset without photos of the field is refused. Images from another field are never accepted: draw or buy a report for that field instead.',
          'When the check passes, the report moves to Processing data and you are notified when the AI processing is complete.',
        ],
      },
      {
        heading: 'Checklist',
        bullets: [
          'KML loaded, mission 10 m beyond the boundary, terrain follow on slopes.',
          '30 to 50 m above the canopy, 1.5 cm per pixel or finer.',
          'Overlap 75 to 80 % front, 70 % side; at most 5 m/s.',
          '1/1000 s or faster, fixed white balance, gimbal at −90°.',
          'GPS on; original JPEGs of this field only, one session, one zip under 1 TB.',
        ],
      },
    ],
    footer: 'Ampelos — questions about your flight? Reply to any Ampelos e-mail or contact us from the app.',
  },
  el: {
    title: 'Πώς να πετάξετε με το drone σας',
    subtitle: 'Λήψη φωτογραφιών του αμπελώνα σας για αναφορά Ampelos «Φέρτε τις δικές σας εικόνες»',
    intro:
      'Η τεχνητή νοημοσύνη μας εντοπίζει καταπονημένα φυτά σε κοντινές αεροφωτογραφίες των πρέμνων. Αποδίδει καλύτερα με καθαρές, ομοιόμορφα φωτισμένες, κατακόρυφες φωτογραφίες που επικαλύπτονται αρκετά και φέρουν τη θέση GPS τους. Ακολουθήστε αυτά τα βήματα σε κάθε πτήση που ανεβάζετε.',
    sections: [
      {
        heading: '1. Πριν από την πτήση',
        bullets: [
          'Κατεβάστε το KML του χωραφιού από τη σελίδα του (Λήψη Kml) και φορτώστε το στην εφαρμογή σχεδιασμού πτήσης ως περιοχή αποστολής.',
          'Σχεδιάστε την αποστολή περίπου 10 m πέρα από το όριο του χωραφιού, ώστε οι ακραίες σειρές να καλύπτονται και από τις δύο πλευρές.',
          'Ελέγξτε τους τοπικούς κανόνες για drones, τις απαιτούμενες άδειες και τις ζώνες απαγόρευσης πτήσεων της περιοχής.',
          'Πετάξτε με ξηρό καιρό και άνεμο κάτω από περίπου 8 m/s. Ο ομοιόμορφος φωτισμός είναι ο καλύτερος: καθαρή μέρα έως δύο ώρες πριν ή μετά το ηλιακό μεσημέρι (κοντές σκιές) ή ομοιόμορφα συννεφιασμένος ουρανός. Αποφύγετε τη διάσπαρτη συννεφιά που αλλάζει το φως από φωτογραφία σε φωτογραφία.',
          'Φορτίστε τις μπαταρίες, αδειάστε την κάρτα μνήμης και ρυθμίστε σωστά την ημερομηνία και την ώρα της κάμερας.',
        ],
      },
      {
        heading: '2. Ύψος πτήσης και ανάλυση εδάφους',
        paragraphs: [
          'Πετάξτε 30 έως 50 m πάνω από το φύλλωμα των πρέμνων, με στόχο ανάλυση εδάφους 1,5 cm ανά εικονοστοιχείο ή καλύτερη. Σε επικλινή εδάφη χρησιμοποιήστε την παρακολούθηση εδάφους (terrain follow), ώστε το ύψος πάνω από τα πρέμνα να μένει ίδιο σε όλο το χωράφι.',
        ],
        table: [
          ['Ύψος πάνω από το φύλλωμα', 'Ανάλυση εδάφους (κάμερα 20 MP, αισθητήρας 1")'],
          ['30 m', 'περίπου 0,8 cm ανά εικονοστοιχείο'],
          ['40 m', 'περίπου 1,1 cm ανά εικονοστοιχείο'],
          ['50 m', 'περίπου 1,4 cm ανά εικονοστοιχείο'],
          ['60 m', 'περίπου 1,6 cm ανά εικονοστοιχείο (το ανώτατο όριο)'],
        ],
      },
      {
        heading: '3. Επικάλυψη και γραμμές πτήσης',
        bullets: [
          'Εμπρόσθια επικάλυψη (κατά μήκος της γραμμής πτήσης): 75 έως 80 %.',
          'Πλευρική επικάλυψη (μεταξύ γραμμών πτήσης): 70 %.',
          'Όπου είναι δυνατόν, πετάξτε τις γραμμές παράλληλα με τις σειρές των πρέμνων.',
          'Πετάξτε όλο το χωράφι σε μία συνεδρία, σε ένα ύψος, με μία κάμερα.',
        ],
      },
      {
        heading: '4. Ταχύτητα',
        paragraphs: [
          'Πετάξτε αρκετά αργά ώστε το drone να μετακινείται λιγότερο από μισό εικονοστοιχείο όσο είναι ανοιχτό το κλείστρο: στο 1/1000 s, με 5 m/s η μετακίνηση είναι 5 mm, πολύ λιγότερο από το μισό ενός εικονοστοιχείου 1,1 cm. Κρατήστε την ταχύτητα έως 5 m/s και αφήστε την εφαρμογή σχεδιασμού να τη μειώσει όταν χρειάζεται χρόνο ανάμεσα στις λήψεις για την επικάλυψη.',
        ],
      },
      {
        heading: '5. Ρυθμίσεις κάμερας',
        bullets: [
          'Ταχύτητα κλείστρου 1/1000 s ή ταχύτερη (με προτεραιότητα κλείστρου, αν την υποστηρίζει η κάμερα).',
          'ISO 100 έως 400· διάφραγμα f/2.8 έως f/5.6.',
          'Εστίαση στο άπειρο ή αυτόματη εστίαση κλειδωμένη πριν ξεκινήσει η αποστολή.',
          'Σταθερή ισορροπία λευκού (Ηλιοφάνεια ή Συννεφιά, ανάλογα με τον ουρανό), ποτέ Αυτόματη, ώστε τα χρώματα να συγκρίνονται μεταξύ των φωτογραφιών.',
          'JPEG στην υψηλότερη ποιότητα και πλήρη ανάλυση. Χωρίς ψηφιακό ζουμ, HDR, φίλτρα ή λειτουργίες ομορφιάς.',
          'Ελέγξτε τις πρώτες φωτογραφίες: τα πρέμνα δεν πρέπει να είναι υπερεκτεθειμένα (αν είναι, διορθώστε με αντιστάθμιση έκθεσης).',
        ],
      },
      {
        heading: '6. Gimbal: κατακόρυφα προς τα κάτω (ναδίρ)',
        paragraphs: [
          'Στρέψτε την κάμερα κατακόρυφα προς τα κάτω (κλίση gimbal −90°) σε όλη την αποστολή και κρατήστε τη έτσι και στις δύο κατευθύνσεις πτήσης. Οι πλάγιες φωτογραφίες δεν τοποθετούνται στον χάρτη και δεν χρησιμοποιούνται.',
        ],
      },
      {
        heading: '7. Γεωσήμανση',
        bullets: [
          'Κρατήστε το GPS ενεργό: κάθε φωτογραφία πρέπει να περιέχει γεωγραφικό πλάτος, μήκος και υψόμετρο στα δεδομένα EXIF της.',
          'Ανεβάστε τα πρωτότυπα αρχεία απευθείας από την κάρτα μνήμης. Τα προγράμματα επεξεργασίας, οι εφαρμογές μηνυμάτων και ορισμένες υπηρεσίες cloud αφαιρούν τα δεδομένα GPS.',
          'Μην μετονομάζετε, περικόπτετε, περιστρέφετε ή αποθηκεύετε ξανά τις φωτογραφίες.',
        ],
      },
      {
        heading: '8. Τι βάζετε στο zip',
        bullets: [
          'Μόνο τις πρωτότυπες φωτογραφίες JPEG αυτού του χωραφιού, από μία συνεδρία πτήσης (μία ημέρα).',
          'Φάκελοι μέσα στο zip επιτρέπονται· τα ονόματα αρχείων πρέπει να μείνουν όπως τα έγραψε η κάμερα.',
          'Όχι βίντεο, πανοράματα, στιγμιότυπα οθόνης, επεξεργασμένες φωτογραφίες ή φωτογραφίες άλλων χωραφιών.',
          'Ένα zip ανά αναφορά, που ανεβαίνει από την αναφορά στη σελίδα του χωραφιού. Το σύνολο δεδομένων πρέπει να είναι μικρότερο από 1 terabyte (= 1000 GB).',
        ],
      },
      {
        heading: '9. Ο έλεγχος γεωγραφικής θέσης',
        paragraphs: [
          'Μετά τη μεταφόρτωση, η θέση κάθε φωτογραφίας ελέγχεται σε σχέση με το πολύγωνο του χωραφιού που πληρώσατε. Οι φωτογραφίες που τραβήχτηκαν έξω από το χωράφι δεν είναι έγκυρες και δεν επεξεργάζονται, ενώ ένα σύνολο δεδομένων χωρίς φωτογραφίες του χωραφιού απορρίπτεται. Εικόνες άλλου χωραφιού δεν γίνονται ποτέ δεκτές: σχεδιάστε εκείνο το χωράφι ή αγοράστε αναφορά γι’ αυτό.',
          'Όταν ο έλεγχος περάσει, η αναφορά περνά σε «Επεξεργασία δεδομένων» και θα ειδοποιηθείτε μόλις ολοκληρωθεί η επεξεργασία AI.',
        ],
      },
      {
        heading: 'Λίστα ελέγχου',
        bullets: [
          'KML φορτωμένο, αποστολή 10 m πέρα από το όριο, παρακολούθηση εδάφους στις πλαγιές.',
          '30 έως 50 m πάνω από το φύλλωμα, 1,5 cm ανά εικονοστοιχείο ή καλύτερα.',
          'Επικάλυψη 75 έως 80 % εμπρόσθια, 70 % πλευρική· έως 5 m/s.',
          '1/1000 s ή ταχύτερα, σταθερή ισορροπία λευκού, gimbal στις −90°.',
          'GPS ενεργό· μόνο πρωτότυπα JPEG αυτού του χωραφιού, μία συνεδρία, ένα zip κάτω από 1 TB.',
        ],
      },
    ],
    footer:
      'Ampelos — απορίες για την πτήση σας; Απαντήστε σε οποιοδήποτε e-mail του Ampelos ή επικοινωνήστε μαζί μας από την εφαρμογή.',
  },
};

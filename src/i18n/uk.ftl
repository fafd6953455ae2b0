# Українська. Повідомлення ті самі, що в en.ftl (див. пояснення там).

language-name = Українська
language-locale = uk
language-date-time-pattern = %d.%m.%Y %H:%M:%S
language-plural-forms = one few many other

nav-overview = Огляд
nav-origination = Вихідний трафік
nav-quality = Якість
nav-active-calls = Активні дзвінки
nav-cps-chart = Графік CPS
nav-termination = Вхідний трафік
nav-termination-quality = Якість вхідного трафіку
nav-termination-active-calls = Активні вхідні дзвінки
nav-live-calls = Дзвінки наживо
nav-statement = Виписка за місяць
nav-watch = Сповіщення
nav-sections-label = Розділи
section-overview = Огляд
section-account-and-money = Рахунок і гроші
section-calls = Дзвінки
section-statistics = Статистика
section-rates = Тарифи
section-reference = Довідники
not-available-title = Недоступно для вашого облікового запису
not-available-text = Ваш провайдер не відкрив цю сторінку для вашого облікового запису.
profile-failed = Не вдалося прочитати ваш профіль доступу, тому сторінки, якими він керує, поки не показано.
skip-to-content = Перейти до змісту
signed-in = Ви увійшли
sign-out = Вийти
menu = Меню
language-label = Мова
theme-label = Тема
theme-system = Системна тема
theme-light = Світла
theme-dark = Темна
time-zone-label = Часовий пояс
time-zone-local = Місцевий час
time-zone-local-named = Місцевий час ({ $zone })
time-zone-utc = UTC
redirecting-to-sign-in = Перехід до входу…
## Embedded, waiting for the parent page's token
embed-waiting = Очікуємо входу від
embed-waiting-expired = Термін дії сеансу минув. Очікуємо новий сеанс від
embed-waiting-rejected = Сервер відхилив сеанс. Очікуємо новий сеанс від
embed-waiting-signed-out = Ви вийшли. Очікуємо повторного входу від
embed-parent-unknown = сторінки, у яку вбудовано портал
embed-sign-in-here = Увійти тут

## Служба підтримки оператора (config.json `support`)
help = Допомога
support-title = Підтримка
support-email = Ел. пошта
support-phone = Телефон
support-web = Центр допомоги
support-hours = Години роботи
cant-sign-in = Не вдається увійти?
cant-sign-in-text = Служба підтримки вашого провайдера допоможе увійти.
error-time-for-support = Час події: { $time }. Якщо це повторюється, назвіть цей час службі підтримки.
payment-failed-help = Оплата не пройшла? Служба підтримки допоможе.
not-available-help = Щоб відкрити цю сторінку для вашого облікового запису, зверніться до служби підтримки.

## Start-up failure and the crash page
config-error-title = Портал налаштовано неправильно
config-error-hint = Якщо ви адмініструєте цей портал, перевірте config.json. Інакше, будь ласка, повідомте свого провайдера.
config-reload = Перезавантажити
framing-refused-title = Портал не можна показати тут
framing-refused-text = Ця сторінка показує портал усередині іншого сайту, якому оператор не дозволив його вбудовувати, тож тут нічого з вашого облікового запису не показано.
framing-refused-open = Відкрити портал в окремій вкладці
config-missing = Файл config.json не знайдено поруч із порталом (HTTP { $status }). Розмістіть його поруч з index.html.
config-unreachable = Не вдалося завантажити config.json: { $reason }
config-malformed = config.json не є коректним JSON: { $reason }
config-invalid = У config.json неправильне значення: { $reason }
crash-title = Щось пішло не так
crash-text = Портал зіткнувся з неочікуваною проблемою і зупинився. Зазвичай допомагає перезавантаження сторінки; ваші дані на сервері не постраждали.
crash-reload = Перезавантажити сторінку

## Sign-in page and session notices
sign-in = Увійти
login-label = Логін
password-label = Пароль
keep-signed-in = Не виходити на цьому пристрої
signing-in = Вхід…
enter-login-and-password = Введіть логін і пароль.
token-sign-in = Увійти за токеном
token-hint = Ваш провайдер може видати вам токен. Він зберігається лише в цьому браузері.
token-label = Токен
use-token = Використати цей токен
paste-token-first = Спочатку вставте токен.
token-not-jwt = Це не токен: очікуються три частини, розділені крапками
token-unreadable = Не вдається прочитати вміст токена: { $reason }
token-already-expired = Термін дії цього токена вже минув
session-expired = Термін дії сеансу минув. Увійдіть знову.
signed-out-by-server = Сеанс завершено: { $message } Увійдіть знову.
signed-out-elsewhere = Ви вийшли в іншій вкладці цього браузера. Увійдіть знову.

## Request errors
error-unknown = Невідома помилка
status-text = { $status ->
        [400] Запит відхилено як некоректний
        [401] Ви не увійшли, або термін дії сеансу минув
        [403] У вас немає доступу до цього
        [404] Не знайдено
        [406] Сервер не може відповісти в запитаному форматі
        [415] Сервер не приймає запити в цьому форматі
        [422] Сервер не прийняв ці значення
        [429] Забагато запитів; зачекайте трохи
        [500] Сервер не зміг відповісти
        [502] Сервер зараз недоступний
        [503] Сервер зараз недоступний
        [504] Сервер зараз недоступний
       *[other] Запит не вдався
    } (HTTP { $status }).
error-unreadable-answer = Не вдалося прочитати відповідь сервера: { $reason }
error-unreachable = Не вдалося зв’язатися із сервером ({ $reason }). Перевірте з’єднання і спробуйте ще раз.
error-cancelled = Запит скасовано.
error-http-status = HTTP { $status }
retry = Спробувати ще раз
previous-results = Показано попередні результати, а не результати поточного перегляду: їх не вдалося завантажити.
previous-results-for = Показано результати для: { $view }. Результати поточного перегляду не вдалося завантажити.
view-no-filter = усі записи (без фільтра)
view-page = сторінка { $page }
loading-page = Завантаження сторінки…
page-load-failed = Не вдалося завантажити сторінку. Перевірте з’єднання і спробуйте ще раз.
new-version-loading = Доступна нова версія порталу. Завантажуємо її…
new-version-offered = Доступна нова версія порталу, і цій сторінці вона потрібна. Перезавантажити зараз? Те, що ви ввели, збережеться.
new-version-reload = Перезавантажити зараз
new-version-stranded = Портал оновлено, але його нову версію не вдалося завантажити. Спробуйте ще раз за кілька хвилин; якщо не вийде, зверніться до підтримки.
reason-no-requests = браузер не може надсилати запити
reason-timeout = 
    немає відповіді протягом { $seconds } { $seconds ->
            [one] секунди
            [few] секунд
            [many] секунд
           *[other] секунд
        }
# $status, $reason
reason-broke-off = відповідь (HTTP { $status }) обірвалася: { $reason }
reason-not-utf8 = відповідь не є текстом UTF-8
reason-unusable-token = токен від сервера не можна використати: { $reason }
file-not-made = не вдалося створити файл
file-no-document = немає документа
file-no-link = немає елемента посилання

## Filter and list-URL errors
filter-unknown-field = За полем «{ $name }» фільтрувати не можна
# $field, $operator
filter-operator-not-allowed = Поле «{ $field }» не можна фільтрувати з оператором «{ $operator }»
filter-no-operator = (немає)
filter-empty-value = Введіть значення для «{ $field }»
# $field, $value
filter-not-a-number = «{ $value }» — не число; для «{ $field }» потрібне число, наприклад 12.5
filter-one-value-only = «{ $field }» тут приймає одне значення; значення з комою візьміть у подвійні лапки
# $field, $value
filter-not-an-id = «{ $value }» — не ідентифікатор; для «{ $field }» потрібен такий, як 0b9f7a8e-5d2c-11ef-9a4e-0242ac120003
# $field, $value
filter-not-a-boolean = «{ $field }» — це true або false, а не «{ $value }»
# $field, $value
filter-not-a-time = «{ $value }» — не час; для «{ $field }» потрібен такий, як 2026-07-18 10:00:00
# $field, $value
filter-not-an-ip = «{ $value }» — не IP-адреса; для «{ $field }» потрібна така, як 10.0.0.1
# $field, $value, $words
filter-not-one-of = «{ $field }» — одне з: { $words }; а не «{ $value }»
page-number-invalid = «{ $value }» — не номер сторінки (1 або більше)
# $value, $max
page-size-invalid = «{ $value }» — не розмір сторінки (від 1 до { $max })

## Resource types
cdrs = Вихідні дзвінки
    .loading-list = Завантаження дзвінків…
    .loading-one = Завантаження дзвінка…
    .none-match = За цими умовами дзвінків не знайдено.
    .missing-title = Такого дзвінка немає
    .missing = Дзвінка з ідентифікатором «{ $id }» у ваших записах немає.
    .heading = Дзвінок { $start }
incoming-cdrs = Вхідні дзвінки
    .loading-list = Завантаження вхідних дзвінків…
    .loading-one = Завантаження дзвінка…
    .none-match = За цими умовами вхідних дзвінків не знайдено.
    .missing-title = Такого дзвінка немає
    .missing = Вхідного дзвінка з ідентифікатором «{ $id }» у ваших записах немає.
    .heading = Вхідний дзвінок { $start }
accounts = Рахунки
    .loading-list = Завантаження рахунків…
    .loading-one = Завантаження рахунку…
    .none-match = За цими умовами рахунків не знайдено.
    .missing-title = Такого рахунку немає
    .missing = Рахунку з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = { $name }
services = Послуги
    .loading-list = Завантаження послуг…
    .loading-one = Завантаження послуги…
    .none-match = За цими умовами послуг не знайдено.
    .missing-title = Такої послуги немає
    .missing = Послуги з ідентифікатором «{ $id }» немає, або вона не ваша.
    .heading = { $name }
rateplans = Тарифні плани
    .loading-list = Завантаження тарифних планів…
    .loading-one = Завантаження тарифного плану…
    .none-match = За цими умовами тарифних планів не знайдено.
    .missing-title = Такого тарифного плану немає
    .missing = Тарифного плану з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = Тарифний план { $name }
rates = Тарифи
    .loading-list = Завантаження тарифів…
    .loading-one = Завантаження тарифу…
    .none-match = За цими умовами тарифів не знайдено.
    .missing-title = Такого тарифу немає
    .missing = Тарифу з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = Тариф для префікса { $prefix }
cdr-exports = Експорт CDR
    .loading-list = Завантаження експортів CDR…
    .loading-one = Завантаження експорту CDR…
    .none-match = За цими умовами експортів CDR не знайдено.
    .missing-title = Такого експорту CDR немає
    .missing = Експорту CDR з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = Експорт CDR від { $created }
network-types = Типи мереж
    .loading-list = Завантаження типів мереж…
    .loading-one = Завантаження типу мережі…
    .none-match = За цими умовами типів мереж не знайдено.
    .missing-title = Такого типу мережі немає
    .missing = Типу мережі з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = { $name }
network-prefixes = Префікси мереж
    .loading-list = Завантаження префіксів мереж…
    .loading-one = Завантаження префікса мережі…
    .none-match = За цими умовами префіксів мереж не знайдено.
    .missing-title = Такого префікса мережі немає
    .missing = Префікса мережі з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = Префікс { $prefix }
networks = Мережі
    .loading-list = Завантаження мереж…
    .loading-one = Завантаження мережі…
    .none-match = За цими умовами мереж не знайдено.
    .missing-title = Такої мережі немає
    .missing = Мережі з ідентифікатором «{ $id }» немає, або вона не ваша.
    .heading = { $name }
countries = Країни
    .loading-list = Завантаження країн…
    .loading-one = Завантаження країни…
    .none-match = За цими умовами країн не знайдено.
    .missing-title = Такої країни немає
    .missing = Країни з ідентифікатором «{ $id }» немає.
    .heading = { $name }

invoices = Рахунки-фактури
    .loading-list = Завантаження рахунків-фактур…
    .loading-one = Завантаження рахунку-фактури…
    .none-match = За цими умовами рахунків-фактур не знайдено.
    .missing-title = Такого рахунку-фактури немає
    .missing = Рахунку-фактури з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = Рахунок-фактура { $reference }
payments = Платежі
    .loading-list = Завантаження платежів…
    .loading-one = Завантаження платежу…
    .none-match = За цими умовами платежів не знайдено.
    .missing-title = Такого платежу немає
    .missing = Платежу з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = Платіж від { $time }
transactions = Списання за послуги
    .loading-list = Завантаження списань за послуги…
    .loading-one = Завантаження списання…
    .none-match = За цими умовами списань не знайдено.
    .missing-title = Такого списання немає
    .missing = Списання з ідентифікатором «{ $id }» немає, або воно не ваше.
    .heading = Списання: { $description }
numberlists = Списки номерів
    .loading-list = Завантаження списків номерів…
    .loading-one = Завантаження списку номерів…
    .none-match = За цими умовами списків номерів не знайдено.
    .missing-title = Такого списку номерів немає
    .missing = Списку номерів з ідентифікатором «{ $id }» немає, або він не ваш.
    .heading = Список номерів { $name }
outgoing-numberlist-items = Номери у списку
    .loading-list = Завантаження номерів списку…
    .loading-one = Завантаження номера…
    .none-match = За цими умовами номерів у списку не знайдено.
    .missing-title = Такого номера немає
    .missing = Номера з ідентифікатором «{ $id }» у ваших списках немає.
    .heading = { $key }

nl-add-heading = Додати номери
nl-keys-label = Номери або префікси
nl-keys-hint = Один або багато одразу: розділяйте їх комами, пробілами чи новими рядками.
nl-action-label = Дія
nl-action-default = Типова дія списку
nl-action-default-named = Типова дія списку ({ $name })
nl-add = Додати
nl-adding = Додаємо…
nl-added = 
    Додано { $count } { $count ->
            [one] номер
            [few] номери
            [many] номерів
           *[other] номерів
        }.
nl-repeated = 
    { $count } { $count ->
            [one] номер
            [few] номери
            [many] номерів
           *[other] номерів
        } вставлено кілька разів, надіслано по одному разу.
nl-search-label = Знайти номери, що містять
nl-search = Знайти
nl-actions = Зміни
nl-action-of = Дія для { $key }
nl-delete = Видалити
nl-delete-of = Видалити { $key }
nl-confirm-delete = Видалити { $key } зі списку?
nl-cancel = Скасувати
nl-deleted = { $key } видалено.
nl-undo = Повернути
nl-restored = { $key } знову у списку.
nl-saving = Зберігаємо…
nl-not-saved = Не збережено, список повернуто як був: { $reason }
nl-changed-elsewhere = Цей список змінили деінде (в іншій вкладці чи інша людина), відколи ви його відкрили: тепер показано те, що є на сервері.
nl-batch-empty = Введіть хоча б один номер.
# $key, $character
nl-batch-bad-character = «{ $key }» містить символ «{ $character }», якого в номері бути не може.
# $key, $longest
nl-batch-too-long = 
    «{ $key }» довший за { $longest } { $longest ->
            [one] символ
            [few] символи
            [many] символів
           *[other] символів
        }.
# $count, $most
nl-batch-too-many = 
    { $count } { $count ->
            [one] номер
            [few] номери
            [many] номерів
           *[other] номерів
        } одразу — забагато: щонайбільше { $most }.

## Гроші
# $hours, $minutes
hours-minutes = { $hours } год { $minutes } хв
download-pdf = Завантажити PDF
no-file = Сервер не має файлу для цього запису.
invoice-breakdown = З чого складається рахунок
invoice-part = Частина
invoice-originated = Ваші дзвінки
invoice-terminated = Дзвінки до вас
invoice-services = Послуги
invoice-total = Разом
amount = Сума
calls = Дзвінки
call-time = Час розмов
billed-time = Тарифікований час
first-call = Перший дзвінок
last-call = Останній дзвінок
service-charges = 
    { $count } { $count ->
            [one] списання
            [few] списання
            [many] списань
           *[other] списань
        }
latest = Останні: { $title }
see-all = Усі: { $title }
open-phone-system = Відкрити телефонну систему
opening-phone-system = Відкриття телефонної системи…
phone-system-opened = Телефонна система відкрилася в новій вкладці.
phone-system-blocked = Браузер не дав відкрити нову вкладку. Відкрийте її тут:
top-up = Поповнити
top-up-hint = Ви платите криптовалютою на сторінці платіжного сервісу. Баланс зросте, щойно платіж завершиться; ця сторінка стежить за ним.
top-up-amount = Сума
top-up-amount-in = Сума ({ $currency })
top-up-notes = Примітка (необов’язково)
top-up-submit = Перейти до оплати
top-up-submitting = Створення платежу…
top-up-leaving = Переходимо на сторінку оплати…
top-up-no-provider-page = Платіж створено, але адреса сторінки оплати, яку дав сервер, не є вебадресою, тож портал не переходить за нею. Платіж є у списку платежів.
amount-too-small = Сума має бути не менше 0,01.
amount-unreadable = «{ $value }» не є сумою.
your-top-ups = Ваші поповнення
top-up-waiting = { $amount }: очікуємо оплату…
top-up-paid = { $amount }: сплачено.
top-up-canceled = { $amount }: скасовано.
top-up-continue = Продовжити оплату
balance = Баланс
capacity = Ємність
# $min, $max
balance-range = Мінімум { $min }, максимум { $max }
# $name, $balance, $min
balance-below-minimum = { $name }: баланс { $balance } на рівні мінімуму { $min } або нижче. Дзвінки можуть відхилятися, доки його не поповнено.
# $name, $balance, $min
balance-near-minimum = { $name }: баланс { $balance } близький до мінімуму { $min }.
accounts-below-minimum = 
    { $count } { $count ->
            [one] рахунок
            [few] рахунки
            [many] рахунків
           *[other] рахунків
        } на рівні мінімуму або нижче: дзвінки можуть відхилятися, доки їх не поповнено.
accounts-near-minimum = 
    { $count } { $count ->
            [one] рахунок
            [few] рахунки
            [many] рахунків
           *[other] рахунків
        } близько до мінімуму.
balances-to-watch = Баланси, на які варто зважити
lowest-balances = Найнижчі баланси:
show-low-balances = Усі вони в списку рахунків, від найнижчого балансу
credit-ahead-of = Прогноз балансу рахунку { $name }
credit-at-day-spend = За витрат останніх 24 годин ({ $spend }):
credit-at-week-spend = За витрат останніх 7 днів ({ $spend }):
credit-minimum-in-hours =
    мінімум приблизно за { $count } { $count ->
            [one] годину
            [few] години
            [many] годин
           *[other] години
        }
credit-minimum-in-days =
    мінімум приблизно за { $count } { $count ->
            [one] день
            [few] дні
            [many] днів
           *[other] дня
        }
credit-minimum-within-hour = мінімум менш ніж за годину
credit-minimum-not-reached = мінімум не настане
today = Сьогодні

check-rate = Перевірити тариф
check-rate-hint = Оберіть тарифний план і введіть номер: з’являться тарифи, що йому відповідають, першим — з найдовшим префіксом (саме він діє). Вкажіть тривалість дзвінка, щоб побачити, скільки він коштуватиме.
choose-rateplan = Оберіть тарифний план
all-rateplans = Усі тарифні плани
number = Номер
call-duration = Тривалість дзвінка (секунди або хв:сс)
check-rate-submit = Перевірити
check-rate-checking = Перевірка…
rateplan-missing = Оберіть тарифний план.
rateplan-not-uuid = Це не ідентифікатор тарифного плану.
rateplan-unknown = Цей тарифний план не ваш.
number-missing = Введіть номер.
number-not-digits = Номер складається лише з цифр (пробіли, дефіси, дужки й + на початку відкидаються).
number-too-long = Номер має щонайбільше { $max } цифр.
duration-invalid = Тривалість — це цілі секунди (90) або хвилини й секунди (1:30), не більше доби.
rates-for-number = Тарифи для { $number }
no-matching-rate = Жоден тариф цього плану не відповідає цьому номеру.
rate-applies = Діє
cost-of-call = Вартість дзвінка тривалістю { $seconds } с
cost-connect-fee = Плата за з’єднання
# $seconds, $rate
cost-initial = Перші { $seconds } с за { $rate } за хвилину
# $count, $seconds, $rate
cost-next = { $count } × { $seconds } с за { $rate } за хвилину
cost-total = Разом
cost-unanswered = Неприйнятий дзвінок (0 с) сплачує лише плату за спробу.
rates-per-minute = Тарифи — за хвилину; інтервали — у секундах.
routing-tags = Теги маршрутизації
download-rate-deck = Завантажити тарифну сітку (CSV)

## Column headings and attribute names

## Дзвінки
window-default = Сервер показує останні { $hours } годин, якщо не вибрати проміжок часу.
# $from, $to
window-between = Дзвінки з { $from } до { $to }.
window-since = Дзвінки від { $from }.
window-change = Проміжок часу
window-last-24-hours = Останні 24 години
recording = Запис
play-recording = Прослухати запис
loading-recording = Завантаження запису…
no-recording = Запису цього дзвінка немає.
download-recording = Завантажити запис
export-these-calls = Експортувати ці дзвінки
new-cdr-export = Новий експорт CDR
create-export = Створити експорт
creating-export = Створення експорту…
export-form-hint = Сервер готує файл; його сторінка покаже, коли він буде готовий до завантаження.
any-outcome = Будь-який результат
successful-only = Лише успішні дзвінки
failed-only = Лише неуспішні дзвінки
duration-at-least = Тривалість щонайменше (с)
duration-at-most = Тривалість щонайбільше (с)
duration-exactly = Тривалість рівно (с)
time-zone-of-times = Часовий пояс часу у файлі
not-a-whole-number = «{ $value }» — не ціле число секунд.
create-record = Створити
creating-record = Створення…
input-missing = Заповніть це поле.
input-not-a-number = «{ $value }» — не число.
input-not-a-choice = «{ $value }» — не один із варіантів.

## Values and records
yes = Так
no = Ні
copy = Копіювати
copy-identifier = Копіювати повний ідентифікатор
identifier = Ідентифікатор

## Table and pager
sort-by = Сортувати за стовпцем «{ $column }»
pages-label = Сторінки
page-first = « Перша
page-prev = ‹ Попередня
page-next = Наступна ›
page-last = Остання »
# $first, $last, $total
pager-rows = { $first }–{ $last } з { $total }
pager-no-rows = 0 з { $total }
# $page, $count
pager-page = Сторінка { $page } з { $count }
rows-per-page = Рядків на сторінці

## Filter bar
filters-label = Фільтри
add-filter = + Додати фільтр
clear-filters = Очистити фільтри
filter-field = Поле
filter-operator = Оператор
filter-value = Значення
filter-remove = Видалити цей фільтр
placeholder-value = значення
placeholder-values = значення через кому
op-is = є
op-eq = дорівнює
op-not-eq = не дорівнює
op-cont = містить
op-start = починається з
op-end = закінчується на
op-in = є одним із
op-not-in = не є жодним із
op-cont-any = містить будь-що з
op-gt = >
op-gteq = ≥
op-lt = <
op-lteq = ≤

## List page
columns = Стовпці
export-csv = Експорт у CSV
export-cancel = Скасувати
# $page, $count
export-progress = Експорт сторінки { $page } з { $count }
export-done = 
    Експортовано { $rows } { $rows ->
            [one] рядок
            [few] рядки
            [many] рядків
           *[other] рядків
        }.
export-failed = Не вдалося експортувати: { $reason }
export-cancelled = Експорт скасовано.

## A month's statement [with its page]
statement-intro = Один zip-файл за місяць: рахунки-фактури (PDF і CSV), платежі та плата за послуги (CSV), щоденна статистика кожного рахунку (CSV) і підсумок. Те, чого немає у вашому доступі, не включається.
statement-month = Місяць
statement-make = Завантажити виписку
statement-cancel = Скасувати
statement-progress = { $done } з { $total } частин
statement-parts = Частини файлу
statement-part-waiting = очікує
statement-part-fetching = отримання…
statement-part-done = готово
statement-part-failed = помилка: { $reason }
statement-part-withheld = немає у вашому доступі
statement-saved = Збережено { $file }.
statement-saved-without = Збережено { $file } без того, що не вдалося: { $parts }. Підсумок у файлі теж їх називає.
statement-not-saved = Виписку не збережено: { $reason }
statement-cancelled = Скасовано: нічого не збережено.
statement-month-ahead = { $month } ще не почався: оберіть цей місяць або раніший.
statement-not-a-month = Оберіть місяць (РРРР-ММ).
statement-summary-title = Виписка за { $month }
statement-summary-made = Створено { $time }.
statement-summary-running = Місяць ще триває: його цифри — до моменту створення виписки.
statement-summary-balance-now = Баланс зараз: { $amount }
statement-summary-invoices = Рахунки-фактури: { $count }, витрачено { $amount }
statement-summary-payments = Завершені платежі: { $count }, { $amount }
statement-summary-charges = Плата за послуги: { $count }, { $amount }
statement-summary-originated = Вартість вихідних дзвінків: { $amount }
statement-summary-terminated = Вхідні дзвінки: { $amount }
statement-summary-before-payment = Баланс перед першим платежем місяця ({ $time }): { $amount }
statement-summary-failed = Частини, що не вдалися:
statement-summary-withheld = Не включено, немає у вашому доступі:

## Alerts: watch rules on the accounts [with its page]
watch-intro = Правила для ваших рахунків, що перевіряються, поки портал відкритий: щохвилини, у прихованій вкладці — раз на п’ять хвилин. Кожне спрацьовує раз і знову — лише після того, як минуло.
watch-condition = Умова
watch-limit = Поріг
watch-add = Додати правило
watch-rules = Ваші правила
watch-none = Правил ще немає.
watch-remove = Видалити
watch-check-now = Перевірити зараз
watch-checking = Перевірка…
# $time: when
watch-checked = Остання перевірка: { $time }.
# $reason: the server's words
watch-check-failed = Остання перевірка не вдалася: { $reason }
watch-quiet = у нормі
# $time: since when; $seen: what was seen
watch-firing = спрацьовує з { $time }: зараз { $seen }
watch-kind-balance-below = Баланс нижчий за
watch-kind-credit-ahead-below = Мінімум менш ніж за (год)
watch-kind-spend-above = Витрати за останню годину більші за
watch-kind-asr-below = ASR за останню годину нижчий за (%)
watch-rule = { $account }: { $kind ->
        [balance-below] баланс нижчий за { $limit }
        [credit-ahead-below] мінімум менш ніж за { $limit } год
        [spend-above] витрати за останню годину більші за { $limit }
       *[asr-below] ASR за останню годину нижчий за { $limit } %
    }
watch-limit-missing = Введіть поріг.
watch-limit-not-a-number = Введіть число, наприклад 10.50.
# $most: hours
watch-limit-hours-out-of-range = Введіть цілу кількість годин від 1 до { $most }.
watch-limit-negative = Введіть нуль або додатне число.
watch-limit-over-a-hundred = Введіть відсоток, не більший за 100.
# $count: the most rules
watch-too-many = Найбільша кількість правил — { $count }: спершу видаліть одне з них.
watch-withheld = Правила щодо показників, яких ваш доступ не показує (ціни, ASR), недоступні.
watch-notify = Також сповіщати мене в браузері
watch-notify-on = Сповіщення браузера ввімкнено.
watch-notify-blocked = Сповіщення браузера заблоковано в налаштуваннях цього браузера.
watch-see-rules = Переглянути правила

## Detail page
still-in-progress = Ще виконується: сторінка оновиться сама.
download-csv = Завантажити CSV
downloading = Завантаження…
downloaded = Завантажено.
loading-related = Завантаження пов’язаних записів…
related-none = Немає.
related-count = 
    { $count } { $count ->
            [one] запис
            [few] записи
            [many] записів
           *[other] записів
        }

## Charts
chart-failed = Не вдалося намалювати графік: { $reason }
chart-canvas-unusable = на полотні неможливо малювати
chart-no-data = немає даних
# $title, $unit, $samples
chart-summary = 
    { $title } ({ $unit }), { $samples } { $samples ->
            [one] точка
            [few] точки
            [many] точок
           *[other] точок
        } даних. Наведіть курсор, щоб побачити точні значення; виділіть ділянку мишею, щоб збільшити.
chart-reset-zoom = Скинути масштаб
chart-png = PNG
chart-csv = CSV
chart-zoom-in = Збільшити
chart-zoom-out = Зменшити
# $from, $to
chart-zoom-state = Показано з { $from } до { $to }
# $zone
chart-time-axis = Час ({ $zone })
chart-values-caption = Найменше, найбільше та середнє значення ({ $unit })
chart-series = Ряд
chart-minimum = Мінімум
chart-maximum = Максимум
chart-average = Середнє

## Units
unit-calls = дзвінки
unit-calls-per-second = дзв./с
unit-minutes = хв
unit-seconds = с

## Overview
overview-title = Огляд
account = Рахунок
no-accounts = У вас немає доступних рахунків.
loading-accounts = Завантаження рахунків…
loading-the-account = Завантаження рахунку…
statistics-link = Статистика
loading-todays-figures = Завантаження показників за сьогодні…
active-calls-now = Активні дзвінки зараз
calls-today = Дзвінки сьогодні
asr-today = ASR сьогодні
acd-today = ACD сьогодні
spend-today = Витрати сьогодні
earned-today = Зароблено сьогодні
loading-cps-chart = Завантаження графіка CPS…
no-calls-last-hour = За останню годину дзвінків не було.
cps-last-hour = Вихідні CPS, остання година
overview-originated = Вихідні
overview-terminated = Вхідні
live-calls-link = Дзвінки наживо

## Statistics pages
stats-origination = Статистика вихідного трафіку
stats-quality = Статистика якості
stats-active-calls = Активні дзвінки
stats-originated-cps = Вихідні дзвінки за секунду
stats-termination = Статистика вхідного трафіку
stats-termination-quality = Статистика якості вхідного трафіку
stats-termination-active-calls = Активні вхідні дзвінки
chart-calls = Дзвінки
series-total = Усього
series-successful = Успішні
series-failed = Неуспішні
total-calls = Усього дзвінків
successful-calls = Успішні дзвінки
failed-calls = Неуспішні дзвінки
total-duration = Загальна тривалість
total-price = Загальна вартість
acd = ACD
acd-long = ACD (середня тривалість дзвінка)
asr = ASR
asr-long = ASR (частка успішних дзвінків)
cps = CPS
calls-per-second = Дзвінки за секунду
concurrent-calls = Одночасні дзвінки
active-calls = Активні дзвінки
value = Значення
samples = 
    { $count } { $count ->
            [one] точка
            [few] точки
            [many] точок
           *[other] точок
        } даних
fix-the-form = Виправте форму вище, щоб побачити статистику.
no-calls-in-range = У цьому періоді дзвінків не було.
statistics-nothing-shown = Ваш провайдер не показує статистику на цій сторінці для вашого облікового запису.
loading-statistics = Завантаження статистики…
points-per-series = Приблизно { $points } точок у кожному ряді.
working-for-seconds = Триває { $seconds } с.

## Statistics form
choose-an-account = Оберіть рахунок
time-range = Період
custom-range = Власний період
range-last-hour = Остання година
range-today = Сьогодні
range-yesterday = Учора
range-last-7-days = Останні 7 днів
range-this-month = Цей місяць
range-last-month = Минулий місяць
from = З
to = По
sampling = Інтервал
sampling-minute = хвилина
sampling-5-minutes = 5 хвилин
sampling-15-minutes = 15 хвилин
sampling-hour = година
sampling-day = день
sampling-week = тиждень
sampling-month = місяць
show = Показати
more-filters = Інші фільтри
more-filters-set = Інші фільтри (задано: { $count })
any = Будь-яка
src-country = Країна джерела
dst-country = Країна призначення
src-prefix-eq = Префікс джерела дорівнює
src-prefix-starts-with = Префікс джерела починається з
src-prefix-ends-with = Префікс джерела закінчується на
src-prefix-contains = Префікс джерела містить
dst-prefix-eq = Префікс призначення дорівнює
dst-prefix-starts-with = Префікс призначення починається з
dst-prefix-ends-with = Префікс призначення закінчується на
dst-prefix-contains = Префікс призначення містить
duration-eq = Тривалість дорівнює (с)
duration-gt = Тривалість понад (с)
duration-lt = Тривалість менше (с)
orig-ip = IP джерела
price-eq = Ціна дорівнює
price-gt = Ціна понад
price-lt = Ціна менше
parameter = Параметр
enter-start-time = Вкажіть час початку.
end-time-unreadable = Не вдається прочитати час завершення.
end-after-start = Кінець має бути пізніше за початок.
choose-account-error = Оберіть рахунок.
choose-sampling = Оберіть інтервал.
not-a-duration = «{ $value }» — не тривалість у цілих секундах.
not-a-price = «{ $value }» — не ціна, як-от 0.015.
not-an-ip = «{ $value }» — не IP-адреса, як-от 192.0.2.10.
country-unreadable = Не вдається розпізнати країну.
vendor-price-eq = Ціна постачальника дорівнює
vendor-price-gt = Ціна постачальника понад
vendor-price-lt = Ціна постачальника менше
countries-failed = Не вдалося завантажити список країн.
loading-countries = Завантаження країн…
live-calls-title = Дзвінки наживо
live-calls-times-utc = Комутатор надсилає час без часового поясу; він вважається UTC і показаний у вашому поясі.
live-calls-count = Дзвінків у процесі: { $count }
live-calls-none = Зараз дзвінків немає.
live-calls-loading = Завантаження дзвінків…
live-calls-paused = Призупинено, поки вкладка прихована.
live-calls-refreshing = Оновлюється кожні { $seconds } с, поки вкладка видима.
live-calls-updated = Оновлено о { $time }.
live-calls-new = новий
live-calls-new-count = Нових від останнього оновлення: { $count }
live-cost-without-rate = Дзвінки без тарифу, не враховано:
live-capacity-near-limit = Близько до межі
answered-filter = Відповідь
answered-any = Усі дзвінки
answered-yes = З відповіддю
answered-not-yet = Ще без відповіді
column-started = Початок
column-duration-so-far = Тривалість досі
column-state = Стан
column-from = Від
column-to = Кому
column-destination = Префікс напрямку
column-rate = Тариф
column-origin = Джерело
state-ringing = Виклик
state-talking = Розмова
live-src-name = Ім’я абонента
live-src-number = Номер джерела
live-dst-number = Номер призначення
live-src-routing = Джерело (маршрутизація)
live-dst-routing = Призначення (маршрутизація)
match-eq = дорівнює
match-starts-with = починається з
match-ends-with = закінчується на
match-contains = містить
match-kind = спосіб порівняння
orig-port = Порт джерела
orig-transport = Ідентифікатор транспортного протоколу
not-a-port = «{ $value }» — не номер порту (від 0 до 65535).
not-a-transport = «{ $value }» — не ціле число.
not-true-or-false = «{ $value }» — не true і не false.

## Page not found
not-found-title = Сторінку не знайдено
not-found-text = За адресою { $path } сторінки немає.
go-to-overview = Перейти до огляду

## Field labels: an API field or relationship name as a label
field-id = ID
field-name = Назва
field-balance = Баланс
field-min-balance = Мін. баланс
field-max-balance = Макс. баланс
field-destination-rate-limit = Ліміт тарифу за напрямком
field-origination-capacity = Ємність оригінації
field-termination-capacity = Ємність термінації
field-total-capacity = Загальна ємність
field-currency = Валюта
field-prefix = Префікс
field-number-min-length = Мін. довжина номера
field-dst-number-min-length = Мін. довжина номера
field-number-max-length = Макс. довжина номера
field-dst-number-max-length = Макс. довжина номера
field-network = Мережа
field-state = Стан
field-initial-price = Початкова ціна
field-renew-price = Ціна продовження
field-created-at = Створено
field-renew-at = Наступне продовження
field-renew-period = Період продовження
field-service-type = Тип послуги
field-ui-type = Тип інтерфейсу
field-status = Статус
field-rows-count = Рядки
field-filters = Фільтри
field-time-format = Формат часу
field-time-zone-name = Часовий пояс
field-updated-at = Оновлено
field-enabled = Увімкнено
field-reject-calls = Відхиляє дзвінки
field-initial-rate = Початковий тариф
field-initial-interval = Початковий інтервал (с)
field-next-rate = Наступний тариф
field-next-interval = Наступний інтервал (с)
field-connect-fee = Плата за з’єднання
field-attempt-fee = Плата за спробу
field-valid-from = Діє з
field-valid-till = Діє до
field-network-prefix-id = ID префікса мережі
field-balance-low-threshold = Нижній поріг балансу
field-balance-high-threshold = Верхній поріг балансу
field-max-call-duration = Макс. тривалість дзвінка
field-external-id = Зовнішній ID
field-uuid = UUID
field-network-type = Тип мережі
field-account = Рахунок
field-transactions = Транзакції
field-account-id = Рахунок
field-rateplan-id = Тарифний план
field-iso2 = Код ISO
field-time-start = Початок
field-time-connect = З’єднано
field-time-end = Завершено
field-duration = Тривалість (с)
field-success = Успішний
field-src-prefix-in = Номер джерела
field-dst-prefix-in = Номер призначення
field-src-prefix-out = Номер джерела
field-dst-prefix-out = Номер призначення
field-customer-price = Ціна
field-vendor-price = Ціна постачальника
field-lega-disconnect-code = Код завершення
field-legb-disconnect-code = Код завершення
field-lega-disconnect-reason = Причина завершення
field-legb-disconnect-reason = Причина завершення
field-customer-duration = Тарифікована тривалість (с)
field-vendor-duration = Тарифікована тривалість (с)
field-destination-prefix = Префікс тарифу
field-dialpeer-prefix = Префікс тарифу
field-destination-initial-rate = Початковий тариф
field-dialpeer-initial-rate = Початковий тариф
field-destination-initial-interval = Початковий інтервал (с)
field-dialpeer-initial-interval = Початковий інтервал (с)
field-destination-next-rate = Наступний тариф
field-dialpeer-next-rate = Наступний тариф
field-destination-next-interval = Наступний інтервал (с)
field-dialpeer-next-interval = Наступний інтервал (с)
field-destination-fee = Плата за з’єднання
field-dialpeer-fee = Плата за з’єднання
field-src-name-in = Ім’я абонента
field-src-name-out = Ім’я абонента
field-src-prefix-routing = Номер джерела (маршрутизація)
field-dst-prefix-routing = Номер призначення (маршрутизація)
field-diversion-in = Переадресація
field-diversion-out = Переадресація
field-from-domain = Домен From
field-to-domain = Домен To
field-ruri-domain = Домен R-URI
field-orig-call-id = Call-ID виклику
field-term-call-id = Call-ID виклику
field-local-tag = Локальний тег
field-lega-user-agent = Програма абонента
field-legb-user-agent = Програма абонента
field-auth-orig-transport-protocol-id = Транспорт
field-sign-term-transport-protocol-id = Транспорт
field-auth-orig-ip = IP джерела
field-auth-orig-port = Порт джерела
field-sign-term-ip = IP сигналізації
field-sign-term-port = Порт сигналізації
field-rec = Запис
field-customer-price-no-vat = Ціна без ПДВ
field-customer-acc-vat = ПДВ (%)
field-destination-reverse-billing = Зворотна тарифікація
field-dialpeer-reverse-billing = Зворотна тарифікація
field-pai-in = Заголовок P-Asserted-Identity
field-ppi-in = Заголовок P-Preferred-Identity
field-privacy-in = Заголовок Privacy
field-rpid-in = Заголовок Remote-Party-ID
field-rpid-privacy-in = Приватність RPID
field-reference = Номер
field-start-date = Початок періоду
field-end-date = Кінець періоду
field-amount-spent = Сума
field-has-pdf = PDF
field-services-amount-spent = Послуги
field-service-transactions-count = Списання за послуги
field-originated-amount-spent = Ваші дзвінки: сума
field-originated-calls-count = Ваші дзвінки
field-originated-successful-calls-count = Ваші дзвінки: успішні
field-originated-calls-duration = Ваші дзвінки: час розмов
field-originated-billing-duration = Ваші дзвінки: тарифікований час
field-originated-first-call-at = Ваші дзвінки: перший
field-originated-last-call-at = Ваші дзвінки: останній
field-terminated-amount-spent = Дзвінки до вас: сума
field-terminated-calls-count = Дзвінки до вас
field-terminated-successful-calls-count = Дзвінки до вас: успішні
field-terminated-calls-duration = Дзвінки до вас: час розмов
field-terminated-billing-duration = Дзвінки до вас: тарифікований час
field-terminated-first-call-at = Дзвінки до вас: перший
field-terminated-last-call-at = Дзвінки до вас: останній
field-amount = Сума
field-type-name = Тип
field-balance-before-payment = Баланс до платежу
field-notes = Примітка
field-rolledback-at = Скасовано
field-description = Опис
field-service = Послуга
field-service-id = Послуга
field-mode-id = Порівняння
field-default-action-id = Типова дія
field-key = Номер
field-action-id = Дія
field-numberlist-id = Список номерів
field-outgoing-numberlist = Список номерів

## Known words of attributes: choice-<attribute>-<word>, or choice-<word> for any attribute
choice-time-format-with_timezone = З часовим поясом
choice-time-format-without_timezone = Без часового поясу
choice-time-format-round_to_seconds = Округлено до секунд
choice-Pending = Очікує
choice-Completed = Готово
choice-Failed = Помилка
choice-Deleted = Видалено
choice-Active = Активна
choice-Suspended = Призупинена
choice-status-completed = Зараховано
choice-status-pending = Очікує
choice-status-canceled = Скасовано
choice-type-name-manual = Вручну
choice-type-name-cryptomus = Криптовалюта (Cryptomus)
choice-renew-period-Day = Щодня
choice-renew-period-Month = Щомісяця
choice-renew-period-Disabled = Не продовжується
choice-mode-id-strict = Точний збіг номера
choice-mode-id-prefix = Збіг за префіксом
choice-mode-id-random = Випадковий
choice-reject = Відхилити дзвінок
choice-allow = Дозволити дзвінок

## The groups of a detail page
group-timing = Час
group-billing = Тарифікація
group-signalling = Сигналізація
group-outcome = Результат

//! Ukrainian.

use super::{Language, ResourceTexts, Texts};

pub static UKRAINIAN: Language = Language {
    tag: "uk",
    native_name: "Українська",
    intl_locale: "uk",
    date_time_pattern: "%d.%m.%Y %H:%M:%S",
    texts: Texts {
        nav_overview: "Огляд",
        nav_origination: "Вихідний трафік",
        nav_quality: "Якість",
        nav_active_calls: "Активні дзвінки",
        nav_cps_chart: "Графік CPS",
        nav_termination: "Вхідний трафік",
        nav_termination_quality: "Якість вхідного трафіку",
        nav_termination_active_calls: "Активні вхідні дзвінки",
        nav_live_calls: "Дзвінки наживо",
        nav_sections_label: "Розділи",
        section_overview: "Огляд",
        section_account_and_money: "Рахунок і гроші",
        section_calls: "Дзвінки",
        section_statistics: "Статистика",
        section_rates: "Тарифи",
        section_reference: "Довідники",
        not_available_title: "Недоступно для вашого облікового запису",
        not_available_text: "Ваш провайдер не відкрив цю сторінку для вашого облікового запису.",
        skip_to_content: "Перейти до змісту",
        signed_in: "Ви увійшли",
        sign_out: "Вийти",
        menu: "Меню",
        language_label: "Мова",
        theme_label: "Тема",
        theme_system: "Системна тема",
        theme_light: "Світла",
        theme_dark: "Темна",
        time_zone_label: "Часовий пояс",
        time_zone_local: "Місцевий час",
        time_zone_local_named: |zone| format!("Місцевий час ({zone})"),
        time_zone_utc: "UTC",
        redirecting_to_sign_in: "Перехід до входу…",
        // Embedded, waiting for the parent page's token
        embed_waiting: "Очікуємо входу від",
        embed_waiting_expired: "Термін дії сеансу минув. Очікуємо новий сеанс від",
        embed_waiting_rejected: "Сервер відхилив сеанс. Очікуємо новий сеанс від",
        embed_waiting_signed_out: "Ви вийшли. Очікуємо повторного входу від",
        embed_parent_unknown: "сторінки, у яку вбудовано портал",
        embed_sign_in_here: "Увійти тут",
        help: "Допомога",
        support_title: "Підтримка",
        support_email: "Ел. пошта",
        support_phone: "Телефон",
        support_web: "Центр допомоги",
        support_hours: "Години роботи",
        cant_sign_in: "Не вдається увійти?",
        cant_sign_in_text: "Служба підтримки вашого провайдера допоможе увійти.",
        error_time_for_support: |time| {
            format!("Це сталося о {time}. Якщо це повторюється, назвіть цей час службі підтримки.")
        },
        payment_failed_help: "Оплата не пройшла? Служба підтримки допоможе.",
        not_available_help: "Щоб відкрити цю сторінку для вашого облікового запису, зверніться до служби підтримки.",
        time_zone_named: |zone| zone.replace('_', " "),

        // Start-up failure and the crash page
        config_error_title: "Портал налаштовано неправильно",
        config_error_hint: "Якщо ви адмініструєте цей портал, перевірте config.json. Інакше, будь ласка, повідомте свого провайдера.",
        config_reload: "Перезавантажити",
        framing_refused_title: "Портал не можна показати тут",
        framing_refused_text: "Ця сторінка показує портал усередині іншого сайту, якому оператор не дозволив його вбудовувати, тож тут нічого з вашого облікового запису не показано.",
        framing_refused_open: "Відкрити портал в окремій вкладці",
        config_missing: |status| {
            format!(
                "Файл config.json не знайдено поруч із порталом (HTTP {status}). Розмістіть його поруч з index.html."
            )
        },
        config_unreachable: |reason| format!("Не вдалося завантажити config.json: {reason}"),
        config_malformed: |reason| format!("config.json не є коректним JSON: {reason}"),
        config_invalid: |reason| format!("У config.json неправильне значення: {reason}"),
        crash_title: "Щось пішло не так",
        crash_text: "Портал зіткнувся з неочікуваною проблемою і зупинився. Зазвичай допомагає перезавантаження сторінки; ваші дані на сервері не постраждали.",
        crash_reload: "Перезавантажити сторінку",

        // Sign-in page and session notices
        sign_in: "Увійти",
        login_label: "Логін",
        password_label: "Пароль",
        keep_signed_in: "Не виходити на цьому пристрої",
        signing_in: "Вхід…",
        enter_login_and_password: "Введіть логін і пароль.",
        token_sign_in: "Увійти за токеном",
        token_hint: "Ваш провайдер може видати вам токен. Він зберігається лише в цьому браузері.",
        token_label: "Токен",
        use_token: "Використати цей токен",
        paste_token_first: "Спочатку вставте токен.",
        token_not_jwt: "Це не токен: очікуються три частини, розділені крапками",
        token_unreadable: |reason| format!("Не вдається прочитати вміст токена: {reason}"),
        token_already_expired: "Термін дії цього токена вже минув",
        session_expired: "Термін дії сеансу минув. Увійдіть знову.",
        signed_out_by_server: |message| format!("Сеанс завершено: {message} Увійдіть знову."),

        // Request errors
        error_unknown: "Невідома помилка",
        status_text: |status| {
            let reason = match status {
                400 => "Запит відхилено як некоректний",
                401 => "Ви не увійшли, або термін дії сеансу минув",
                403 => "У вас немає доступу до цього",
                404 => "Не знайдено",
                406 => "Сервер не може відповісти в запитаному форматі",
                415 => "Сервер не приймає запити в цьому форматі",
                422 => "Сервер не прийняв ці значення",
                429 => "Забагато запитів; зачекайте трохи",
                500 => "Сервер не зміг відповісти",
                502..=504 => "Сервер зараз недоступний",
                _ => "Запит не вдався",
            };
            format!("{reason} (HTTP {status}).")
        },
        error_unreadable_answer: |reason| {
            format!("Не вдалося прочитати відповідь сервера: {reason}")
        },
        error_unreachable: |reason| {
            format!(
                "Не вдалося зв’язатися із сервером ({reason}). Перевірте з’єднання і спробуйте ще раз."
            )
        },
        error_cancelled: "Запит скасовано.",
        error_http_status: |status| format!("HTTP {status}"),
        retry: "Спробувати ще раз",
        loading_page: "Завантаження сторінки…",
        page_load_failed: "Не вдалося завантажити сторінку. Перевірте з’єднання і спробуйте ще раз.",
        reason_no_requests: "браузер не може надсилати запити",
        reason_timeout: |seconds| {
            let unit = plural(seconds, "секунди", "секунд", "секунд");
            format!("немає відповіді протягом {seconds} {unit}")
        },
        reason_broke_off: |status, reason| {
            format!("відповідь (HTTP {status}) обірвалася: {reason}")
        },
        reason_not_utf8: "відповідь не є текстом UTF-8",
        reason_unusable_token: |reason| format!("токен від сервера не можна використати: {reason}"),
        file_not_made: "не вдалося створити файл",
        file_no_document: "немає документа",
        file_no_link: "немає елемента посилання",

        // Filter and list-URL errors
        filter_unknown_field: |name| format!("За полем «{name}» фільтрувати не можна"),
        filter_operator_not_allowed: |field, operator| {
            format!("Поле «{field}» не можна фільтрувати з оператором «{operator}»")
        },
        filter_no_operator: "(немає)",
        filter_empty_value: |field| format!("Введіть значення для «{field}»"),
        filter_not_a_number: |field, value| {
            format!("«{value}» — не число; для «{field}» потрібне число, наприклад 12.5")
        },
        filter_one_value_only: |field| {
            format!(
                "«{field}» тут приймає одне значення; значення з комою візьміть у подвійні лапки"
            )
        },
        filter_not_an_id: |field, value| {
            format!(
                "«{value}» — не ідентифікатор; для «{field}» потрібен такий, як 0b9f7a8e-5d2c-11ef-9a4e-0242ac120003"
            )
        },
        filter_not_a_boolean: |field, value| {
            format!("«{field}» — це true або false, а не «{value}»")
        },
        filter_not_a_time: |field, value| {
            format!("«{value}» — не час; для «{field}» потрібен такий, як 2026-07-18 10:00:00")
        },
        filter_not_an_ip: |field, value| {
            format!("«{value}» — не IP-адреса; для «{field}» потрібна така, як 10.0.0.1")
        },
        filter_not_one_of: |field, value, words| {
            format!("«{field}» — одне з: {words}; а не «{value}»")
        },
        page_number_invalid: |value| format!("«{value}» — не номер сторінки (1 або більше)"),
        page_size_invalid: |value, max| format!("«{value}» — не розмір сторінки (від 1 до {max})"),

        // Resource types
        cdrs: ResourceTexts {
            title: "Вихідні дзвінки",
            loading_list: "Завантаження дзвінків…",
            loading_one: "Завантаження дзвінка…",
            none_match: "За цими умовами дзвінків не знайдено.",
            missing_title: "Такого дзвінка немає",
            missing: |id| format!("Дзвінка з ідентифікатором «{id}» у ваших записах немає."),
            heading: |start| format!("Дзвінок {start}"),
        },
        incoming_cdrs: ResourceTexts {
            title: "Вхідні дзвінки",
            loading_list: "Завантаження вхідних дзвінків…",
            loading_one: "Завантаження дзвінка…",
            none_match: "За цими умовами вхідних дзвінків не знайдено.",
            missing_title: "Такого дзвінка немає",
            missing: |id| {
                format!("Вхідного дзвінка з ідентифікатором «{id}» у ваших записах немає.")
            },
            heading: |start| format!("Вхідний дзвінок {start}"),
        },
        accounts: ResourceTexts {
            title: "Рахунки",
            loading_list: "Завантаження рахунків…",
            loading_one: "Завантаження рахунку…",
            none_match: "За цими умовами рахунків не знайдено.",
            missing_title: "Такого рахунку немає",
            missing: |id| format!("Рахунку з ідентифікатором «{id}» немає, або він не ваш."),
            heading: |name| name.to_owned(),
        },
        services: ResourceTexts {
            title: "Послуги",
            loading_list: "Завантаження послуг…",
            loading_one: "Завантаження послуги…",
            none_match: "За цими умовами послуг не знайдено.",
            missing_title: "Такої послуги немає",
            missing: |id| format!("Послуги з ідентифікатором «{id}» немає, або вона не ваша."),
            heading: |name| name.to_owned(),
        },
        rateplans: ResourceTexts {
            title: "Тарифні плани",
            loading_list: "Завантаження тарифних планів…",
            loading_one: "Завантаження тарифного плану…",
            none_match: "За цими умовами тарифних планів не знайдено.",
            missing_title: "Такого тарифного плану немає",
            missing: |id| {
                format!("Тарифного плану з ідентифікатором «{id}» немає, або він не ваш.")
            },
            heading: |name| format!("Тарифний план {name}"),
        },
        rates: ResourceTexts {
            title: "Тарифи",
            loading_list: "Завантаження тарифів…",
            loading_one: "Завантаження тарифу…",
            none_match: "За цими умовами тарифів не знайдено.",
            missing_title: "Такого тарифу немає",
            missing: |id| format!("Тарифу з ідентифікатором «{id}» немає, або він не ваш."),
            heading: |prefix| format!("Тариф для префікса {prefix}"),
        },
        cdr_exports: ResourceTexts {
            title: "Експорт CDR",
            loading_list: "Завантаження експортів CDR…",
            loading_one: "Завантаження експорту CDR…",
            none_match: "За цими умовами експортів CDR не знайдено.",
            missing_title: "Такого експорту CDR немає",
            missing: |id| format!("Експорту CDR з ідентифікатором «{id}» немає, або він не ваш."),
            heading: |created| format!("Експорт CDR від {created}"),
        },
        network_types: ResourceTexts {
            title: "Типи мереж",
            loading_list: "Завантаження типів мереж…",
            loading_one: "Завантаження типу мережі…",
            none_match: "За цими умовами типів мереж не знайдено.",
            missing_title: "Такого типу мережі немає",
            missing: |id| format!("Типу мережі з ідентифікатором «{id}» немає, або він не ваш."),
            heading: |name| name.to_owned(),
        },
        network_prefixes: ResourceTexts {
            title: "Префікси мереж",
            loading_list: "Завантаження префіксів мереж…",
            loading_one: "Завантаження префікса мережі…",
            none_match: "За цими умовами префіксів мереж не знайдено.",
            missing_title: "Такого префікса мережі немає",
            missing: |id| {
                format!("Префікса мережі з ідентифікатором «{id}» немає, або він не ваш.")
            },
            heading: |prefix| format!("Префікс {prefix}"),
        },
        networks: ResourceTexts {
            title: "Мережі",
            loading_list: "Завантаження мереж…",
            loading_one: "Завантаження мережі…",
            none_match: "За цими умовами мереж не знайдено.",
            missing_title: "Такої мережі немає",
            missing: |id| format!("Мережі з ідентифікатором «{id}» немає, або вона не ваша."),
            heading: |name| name.to_owned(),
        },
        countries: ResourceTexts {
            title: "Країни",
            loading_list: "Завантаження країн…",
            loading_one: "Завантаження країни…",
            none_match: "За цими умовами країн не знайдено.",
            missing_title: "Такої країни немає",
            missing: |id| format!("Країни з ідентифікатором «{id}» немає."),
            heading: |name| name.to_owned(),
        },

        invoices: ResourceTexts {
            title: "Рахунки-фактури",
            loading_list: "Завантаження рахунків-фактур…",
            loading_one: "Завантаження рахунку-фактури…",
            none_match: "За цими умовами рахунків-фактур не знайдено.",
            missing_title: "Такого рахунку-фактури немає",
            missing: |id| {
                format!("Рахунку-фактури з ідентифікатором «{id}» немає, або він не ваш.")
            },
            heading: |reference| format!("Рахунок-фактура {reference}"),
        },
        payments: ResourceTexts {
            title: "Платежі",
            loading_list: "Завантаження платежів…",
            loading_one: "Завантаження платежу…",
            none_match: "За цими умовами платежів не знайдено.",
            missing_title: "Такого платежу немає",
            missing: |id| format!("Платежу з ідентифікатором «{id}» немає, або він не ваш."),
            heading: |time| format!("Платіж від {time}"),
        },
        transactions: ResourceTexts {
            title: "Списання за послуги",
            loading_list: "Завантаження списань за послуги…",
            loading_one: "Завантаження списання…",
            none_match: "За цими умовами списань не знайдено.",
            missing_title: "Такого списання немає",
            missing: |id| format!("Списання з ідентифікатором «{id}» немає, або воно не ваше."),
            heading: |description| format!("Списання: {description}"),
        },
        numberlists: ResourceTexts {
            title: "Списки номерів",
            loading_list: "Завантаження списків номерів…",
            loading_one: "Завантаження списку номерів…",
            none_match: "За цими умовами списків номерів не знайдено.",
            missing_title: "Такого списку номерів немає",
            missing: |id| format!("Списку номерів з ідентифікатором «{id}» немає, або він не ваш."),
            heading: |name| format!("Список номерів {name}"),
        },
        numberlist_items: ResourceTexts {
            title: "Номери у списку",
            loading_list: "Завантаження номерів списку…",
            loading_one: "Завантаження номера…",
            none_match: "За цими умовами номерів у списку не знайдено.",
            missing_title: "Такого номера немає",
            missing: |id| format!("Номера з ідентифікатором «{id}» у ваших списках немає."),
            heading: |key| key.to_owned(),
        },

        nl_add_heading: "Додати номери",
        nl_keys_label: "Номери або префікси",
        nl_keys_hint: "Один або багато одразу: розділяйте їх комами, пробілами чи новими рядками.",
        nl_action_label: "Дія",
        nl_action_default: |name| {
            if name.is_empty() {
                "Типова дія списку".to_owned()
            } else {
                format!("Типова дія списку ({name})")
            }
        },
        nl_add: "Додати",
        nl_adding: "Додаємо…",
        nl_added: |count| {
            let word = plural(count, "номер", "номери", "номерів");
            format!("Додано {count} {word}.")
        },
        nl_repeated: |count| {
            let word = plural(count, "номер", "номери", "номерів");
            format!("{count} {word} вставлено кілька разів, надіслано по одному разу.")
        },
        nl_search_label: "Знайти номери, що містять",
        nl_search: "Знайти",
        nl_actions: "Зміни",
        nl_action_of: |key| format!("Дія для {key}"),
        nl_delete: "Видалити",
        nl_delete_of: |key| format!("Видалити {key}"),
        nl_confirm_delete: |key| format!("Видалити {key} зі списку?"),
        nl_cancel: "Скасувати",
        nl_deleted: |key| format!("{key} видалено."),
        nl_undo: "Повернути",
        nl_restored: |key| format!("{key} знову у списку."),
        nl_saving: "Зберігаємо…",
        nl_not_saved: |reason| format!("Не збережено, список повернуто як був: {reason}"),
        nl_changed_elsewhere: "Цей список змінили деінде (в іншій вкладці чи інша людина), відколи ви його відкрили: тепер показано те, що є на сервері.",
        nl_reload: "Оновити список",
        nl_batch_empty: "Введіть хоча б один номер.",
        nl_batch_bad_character: |key, character| {
            format!("«{key}» містить символ «{character}», якого в номері бути не може.")
        },
        nl_batch_too_long: |key, longest| {
            let word = plural(longest, "символ", "символи", "символів");
            format!("«{key}» довший за {longest} {word}.")
        },
        nl_batch_too_many: |count, most| {
            let word = plural(count, "номер", "номери", "номерів");
            format!("{count} {word} одразу — забагато: щонайбільше {most}.")
        },

        // Гроші
        hours_minutes: |hours, minutes| format!("{hours} год {minutes} хв"),
        download_pdf: "Завантажити PDF",
        no_file: "Сервер не має файлу для цього запису.",
        invoice_breakdown: "З чого складається рахунок",
        invoice_part: "Частина",
        invoice_originated: "Ваші дзвінки",
        invoice_terminated: "Дзвінки до вас",
        invoice_services: "Послуги",
        invoice_total: "Разом",
        amount: "Сума",
        calls: "Дзвінки",
        call_time: "Час розмов",
        billed_time: "Тарифікований час",
        first_call: "Перший дзвінок",
        last_call: "Останній дзвінок",
        service_charges: |count| {
            let noun = plural(count, "списання", "списання", "списань");
            format!("{count} {noun}")
        },
        latest: |title| format!("Останні: {}", title.to_lowercase()),
        see_all: |title| format!("Усі: {}", title.to_lowercase()),
        open_phone_system: "Відкрити телефонну систему",
        opening_phone_system: "Відкриття телефонної системи…",
        phone_system_opened: "Телефонна система відкрилася в новій вкладці.",
        phone_system_blocked: "Браузер не дав відкрити нову вкладку. Відкрийте її тут:",
        top_up: "Поповнити",
        top_up_hint: "Ви платите криптовалютою на сторінці платіжного сервісу. Баланс зросте, щойно платіж завершиться; ця сторінка стежить за ним.",
        top_up_amount: |currency| {
            if currency.is_empty() {
                "Сума".to_owned()
            } else {
                format!("Сума ({currency})")
            }
        },
        top_up_notes: "Примітка (необов’язково)",
        top_up_submit: "Перейти до оплати",
        top_up_submitting: "Створення платежу…",
        top_up_leaving: "Переходимо на сторінку оплати…",
        top_up_no_provider_page: "Платіж створено, але адреса сторінки оплати, яку дав сервер, не є вебадресою, тож портал не переходить за нею. Платіж є у списку платежів.",
        amount_too_small: "Сума має бути не менше 0,01.",
        amount_unreadable: |value| format!("«{value}» не є сумою."),
        your_top_ups: "Ваші поповнення",
        top_up_waiting: |amount| format!("{amount}: очікуємо оплату…"),
        top_up_paid: |amount| format!("{amount}: сплачено."),
        top_up_canceled: |amount| format!("{amount}: скасовано."),
        top_up_continue: "Продовжити оплату",
        balance: "Баланс",
        capacity: "Ємність",
        balance_range: |min, max| format!("Мінімум {min}, максимум {max}"),
        balance_below_minimum: |name, balance, min| {
            format!(
                "{name}: баланс {balance} на рівні мінімуму {min} або нижче. Дзвінки можуть відхилятися, доки його не поповнено."
            )
        },
        balance_near_minimum: |name, balance, min| {
            format!("{name}: баланс {balance} близький до мінімуму {min}.")
        },
        accounts_below_minimum: |count| {
            let word = plural(count, "рахунок", "рахунки", "рахунків");
            format!(
                "{count} {word} на рівні мінімуму або нижче: дзвінки можуть відхилятися, доки їх не поповнено."
            )
        },
        accounts_near_minimum: |count| {
            let word = plural(count, "рахунок", "рахунки", "рахунків");
            format!("{count} {word} близько до мінімуму.")
        },
        balances_to_watch: "Баланси, на які варто зважити",
        lowest_balances: "Найнижчі баланси:",
        show_low_balances: "Усі вони в списку рахунків, від найнижчого балансу",
        today: "Сьогодні",

        check_rate: "Перевірити тариф",
        check_rate_hint: "Оберіть тарифний план і введіть номер: з’являться тарифи, що йому відповідають, першим — з найдовшим префіксом (саме він діє). Вкажіть тривалість дзвінка, щоб побачити, скільки він коштуватиме.",
        choose_rateplan: "Оберіть тарифний план",
        all_rateplans: "Усі тарифні плани",
        number: "Номер",
        call_duration: "Тривалість дзвінка (секунди або хв:сс)",
        check_rate_submit: "Перевірити",
        check_rate_checking: "Перевірка…",
        rateplan_missing: "Оберіть тарифний план.",
        rateplan_not_uuid: "Це не ідентифікатор тарифного плану.",
        rateplan_unknown: "Цей тарифний план не ваш.",
        number_missing: "Введіть номер.",
        number_not_digits: "Номер складається лише з цифр (пробіли, дефіси, дужки й + на початку відкидаються).",
        number_too_long: |max| format!("Номер має щонайбільше {max} цифр."),
        duration_invalid: "Тривалість — це цілі секунди (90) або хвилини й секунди (1:30), не більше доби.",
        rates_for_number: |number| format!("Тарифи для {number}"),
        no_matching_rate: "Жоден тариф цього плану не відповідає цьому номеру.",
        rate_applies: "Діє",
        cost_of_call: |seconds| format!("Вартість дзвінка тривалістю {seconds} с"),
        cost_connect_fee: "Плата за з’єднання",
        cost_initial: |seconds, rate| format!("Перші {seconds} с за {rate} за хвилину"),
        cost_next: |count, seconds, rate| format!("{count} × {seconds} с за {rate} за хвилину"),
        cost_total: "Разом",
        cost_unanswered: "Неприйнятий дзвінок (0 с) сплачує лише плату за спробу.",
        rates_per_minute: "Тарифи — за хвилину; інтервали — у секундах.",
        routing_tags: "Теги маршрутизації",
        download_rate_deck: "Завантажити тарифну сітку (CSV)",

        // Column headings and attribute names

        // Дзвінки
        window_default: |hours| {
            format!("Сервер показує останні {hours} годин, якщо не вибрати проміжок часу.")
        },
        window_between: |from, to| format!("Дзвінки з {from} до {to}."),
        window_since: |from| format!("Дзвінки від {from}."),
        window_change: "Проміжок часу",
        window_last_24_hours: "Останні 24 години",
        recording: "Запис",
        play_recording: "Прослухати запис",
        loading_recording: "Завантаження запису…",
        no_recording: "Запису цього дзвінка немає.",
        download_recording: "Завантажити запис",
        export_these_calls: "Експортувати ці дзвінки",
        new_cdr_export: "Новий експорт CDR",
        create_export: "Створити експорт",
        creating_export: "Створення експорту…",
        export_form_hint: "Сервер готує файл; його сторінка покаже, коли він буде готовий до завантаження.",
        any_outcome: "Будь-який результат",
        successful_only: "Лише успішні дзвінки",
        failed_only: "Лише неуспішні дзвінки",
        duration_at_least: "Тривалість щонайменше (с)",
        duration_at_most: "Тривалість щонайбільше (с)",
        duration_exactly: "Тривалість рівно (с)",
        time_zone_of_times: "Часовий пояс часу у файлі",
        not_a_whole_number: |value| format!("«{value}» — не ціле число секунд."),

        // Values and records
        yes: "Так",
        no: "Ні",
        copy: "Копіювати",
        copy_identifier: "Копіювати повний ідентифікатор",
        identifier: "Ідентифікатор",

        // Table and pager
        sort_by: |column| format!("Сортувати за стовпцем «{column}»"),
        pages_label: "Сторінки",
        page_first: "« Перша",
        page_prev: "‹ Попередня",
        page_next: "Наступна ›",
        page_last: "Остання »",
        pager_rows: |first, last, total| format!("{first}–{last} з {total}"),
        pager_no_rows: |total| format!("0 з {total}"),
        pager_page: |page, count| format!("Сторінка {page} з {count}"),
        rows_per_page: "Рядків на сторінці",

        // Filter bar
        filters_label: "Фільтри",
        add_filter: "+ Додати фільтр",
        clear_filters: "Очистити фільтри",
        filter_field: "Поле",
        filter_operator: "Оператор",
        filter_value: "Значення",
        filter_remove: "Видалити цей фільтр",
        placeholder_value: "значення",
        placeholder_values: "значення через кому",
        op_is: "є",
        op_eq: "дорівнює",
        op_not_eq: "не дорівнює",
        op_cont: "містить",
        op_start: "починається з",
        op_end: "закінчується на",
        op_in: "є одним із",
        op_not_in: "не є жодним із",
        op_cont_any: "містить будь-що з",
        op_gt: ">",
        op_gteq: "≥",
        op_lt: "<",
        op_lteq: "≤",

        // List page
        columns: "Стовпці",
        export_csv: "Експорт у CSV",
        export_cancel: "Скасувати",
        export_progress: |page, count| format!("Експорт сторінки {page} з {count}"),
        export_done: |rows| {
            let word = plural(rows, "рядок", "рядки", "рядків");
            format!("Експортовано {rows} {word}.")
        },
        export_failed: |reason| format!("Не вдалося експортувати: {reason}"),
        export_cancelled: "Експорт скасовано.",

        // Detail page
        still_in_progress: "Ще виконується: сторінка оновиться сама.",
        download_csv: "Завантажити CSV",
        downloading: "Завантаження…",
        downloaded: "Завантажено.",
        loading_related: "Завантаження пов’язаних записів…",
        related_none: "Немає.",
        related_count: |count| {
            let word = plural(count, "запис", "записи", "записів");
            format!("{count} {word}")
        },

        // Charts
        chart_failed: |reason| format!("Не вдалося намалювати графік: {reason}"),
        chart_canvas_unusable: "на полотні неможливо малювати",
        chart_no_data: "немає даних",
        chart_summary: |title, unit, samples| {
            let word = plural(samples, "точка", "точки", "точок");
            format!(
                "{title} ({unit}), {samples} {word} даних. Наведіть курсор, щоб побачити точні значення; виділіть ділянку мишею, щоб збільшити."
            )
        },
        chart_reset_zoom: "Скинути масштаб",
        chart_png: "PNG",
        chart_csv: "CSV",
        chart_zoom_in: "Збільшити",
        chart_zoom_out: "Зменшити",
        chart_zoom_state: |from, to| format!("Показано з {from} до {to}"),
        chart_values_caption: |unit| format!("Найменше, найбільше та середнє значення ({unit})"),
        chart_series: "Ряд",
        chart_minimum: "Мінімум",
        chart_maximum: "Максимум",
        chart_average: "Середнє",

        // Units
        unit_calls: "дзвінки",
        unit_calls_per_second: "дзв./с",
        unit_minutes: "хв",
        unit_seconds: "с",

        // Overview
        overview_title: "Огляд",
        account: "Рахунок",
        no_accounts: "У вас немає доступних рахунків.",
        loading_accounts: "Завантаження рахунків…",
        loading_the_account: "Завантаження рахунку…",
        statistics_link: "Статистика",
        loading_todays_figures: "Завантаження показників за сьогодні…",
        active_calls_now: "Активні дзвінки зараз",
        calls_today: "Дзвінки сьогодні",
        asr_today: "ASR сьогодні",
        acd_today: "ACD сьогодні",
        spend_today: "Витрати сьогодні",
        earned_today: "Зароблено сьогодні",
        loading_cps_chart: "Завантаження графіка CPS…",
        no_calls_last_hour: "За останню годину дзвінків не було.",
        cps_last_hour: "Вихідні CPS, остання година",
        overview_originated: "Вихідні",
        overview_terminated: "Вхідні",
        overview_by_direction: "Сьогодні за напрямком",
        live_calls_link: "Дзвінки наживо",

        // Statistics pages
        stats_origination: "Статистика вихідного трафіку",
        stats_quality: "Статистика якості",
        stats_active_calls: "Активні дзвінки",
        stats_originated_cps: "Вихідні дзвінки за секунду",
        stats_termination: "Статистика вхідного трафіку",
        stats_termination_quality: "Статистика якості вхідного трафіку",
        stats_termination_active_calls: "Активні вхідні дзвінки",
        related_cps_chart: "Графік вихідних CPS",
        chart_calls: "Дзвінки",
        series_total: "Усього",
        series_successful: "Успішні",
        series_failed: "Неуспішні",
        total_calls: "Усього дзвінків",
        successful_calls: "Успішні дзвінки",
        failed_calls: "Неуспішні дзвінки",
        total_duration: "Загальна тривалість",
        total_price: "Загальна вартість",
        acd: "ACD",
        acd_long: "ACD (середня тривалість дзвінка)",
        asr: "ASR",
        asr_long: "ASR (частка успішних дзвінків)",
        cps: "CPS",
        calls_per_second: "Дзвінки за секунду",
        concurrent_calls: "Одночасні дзвінки",
        active_calls: "Активні дзвінки",
        value: "Значення",
        samples: |count| {
            let word = plural(count, "точка", "точки", "точок");
            format!("{count} {word} даних")
        },
        fix_the_form: "Виправте форму вище, щоб побачити статистику.",
        no_calls_in_range: "У цьому періоді дзвінків не було.",
        loading_statistics: "Завантаження статистики…",
        points_per_series: |points| format!("Приблизно {points} точок у кожному ряді."),
        working_for_seconds: |seconds| format!("Триває {seconds} с."),

        // Statistics form
        choose_an_account: "Оберіть рахунок",
        time_range: "Період",
        custom_range: "Власний період",
        range_last_hour: "Остання година",
        range_today: "Сьогодні",
        range_yesterday: "Учора",
        range_last_7_days: "Останні 7 днів",
        range_this_month: "Цей місяць",
        range_last_month: "Минулий місяць",
        from: "З",
        to: "По",
        sampling: "Інтервал",
        sampling_minute: "хвилина",
        sampling_5_minutes: "5 хвилин",
        sampling_15_minutes: "15 хвилин",
        sampling_hour: "година",
        sampling_day: "день",
        sampling_week: "тиждень",
        sampling_month: "місяць",
        show: "Показати",
        more_filters: "Інші фільтри",
        more_filters_set: |count| format!("Інші фільтри (задано: {count})"),
        any: "Будь-яка",
        src_country: "Країна джерела",
        dst_country: "Країна призначення",
        src_prefix_eq: "Префікс джерела дорівнює",
        src_prefix_starts_with: "Префікс джерела починається з",
        src_prefix_ends_with: "Префікс джерела закінчується на",
        src_prefix_contains: "Префікс джерела містить",
        dst_prefix_eq: "Префікс призначення дорівнює",
        dst_prefix_starts_with: "Префікс призначення починається з",
        dst_prefix_ends_with: "Префікс призначення закінчується на",
        dst_prefix_contains: "Префікс призначення містить",
        duration_eq: "Тривалість дорівнює (с)",
        duration_gt: "Тривалість понад (с)",
        duration_lt: "Тривалість менше (с)",
        orig_ip: "IP джерела",
        price_eq: "Ціна дорівнює",
        price_gt: "Ціна понад",
        price_lt: "Ціна менше",
        parameter: "Параметр",
        enter_start_time: "Вкажіть час початку.",
        end_time_unreadable: "Не вдається прочитати час завершення.",
        end_after_start: "Кінець має бути пізніше за початок.",
        choose_account_error: "Оберіть рахунок.",
        choose_sampling: "Оберіть інтервал.",
        not_a_duration: |value| format!("«{value}» — не тривалість у цілих секундах."),
        not_a_price: |value| format!("«{value}» — не ціна, як-от 0.015."),
        not_an_ip: |value| format!("«{value}» — не IP-адреса, як-от 192.0.2.10."),
        country_unreadable: "Не вдається розпізнати країну.",
        vendor_price_eq: "Ціна постачальника дорівнює",
        vendor_price_gt: "Ціна постачальника понад",
        vendor_price_lt: "Ціна постачальника менше",
        countries_failed: "Не вдалося завантажити список країн.",
        loading_countries: "Завантаження країн…",
        live_calls_title: "Дзвінки наживо",
        live_calls_times_utc: "Комутатор надсилає час без часового поясу; він вважається UTC і показаний у вашому поясі.",
        live_calls_count: |count| format!("Дзвінків у процесі: {count}"),
        live_calls_none: "Зараз дзвінків немає.",
        live_calls_loading: "Завантаження дзвінків…",
        live_calls_paused: "Призупинено, поки вкладка прихована.",
        live_calls_refreshing: |seconds| {
            format!("Оновлюється кожні {seconds} с, поки вкладка видима.")
        },
        live_calls_updated: |time| format!("Оновлено о {time}."),
        live_calls_new: "новий",
        live_calls_new_count: |count| format!("Нових від останнього оновлення: {count}"),
        answered_filter: "Відповідь",
        answered_any: "Усі дзвінки",
        answered_yes: "З відповіддю",
        answered_not_yet: "Ще без відповіді",
        column_started: "Початок",
        column_duration_so_far: "Тривалість досі",
        column_state: "Стан",
        column_from: "Від",
        column_to: "Кому",
        column_destination: "Префікс напрямку",
        column_rate: "Тариф",
        column_origin: "Джерело",
        state_ringing: "Виклик",
        state_talking: "Розмова",
        live_src_name: "Ім’я абонента",
        live_src_number: "Номер джерела",
        live_dst_number: "Номер призначення",
        live_src_routing: "Джерело (маршрутизація)",
        live_dst_routing: "Призначення (маршрутизація)",
        match_eq: "дорівнює",
        match_starts_with: "починається з",
        match_ends_with: "закінчується на",
        match_contains: "містить",
        match_kind: "спосіб порівняння",
        orig_port: "Порт джерела",
        orig_transport: "Ідентифікатор транспортного протоколу",
        not_a_port: |value| format!("«{value}» — не номер порту (від 0 до 65535)."),
        not_a_transport: |value| format!("«{value}» — не ціле число."),
        not_true_or_false: |value| format!("«{value}» — не true і не false."),

        // Page not found
        not_found_title: "Сторінку не знайдено",
        not_found_text: |path| format!("За адресою {path} сторінки немає."),
        go_to_overview: "Перейти до огляду",
    },
};

/// The form of a noun for a count, as Ukrainian chooses it by the last digits: `one` for 1, 21,
/// 101 (but not 11), `few` for 2–4, 22–24 (but not 12–14), `many` for the rest (5–20, 25, 0, …).
/// The count comes formatted (`1 237`); only its digits are read, so grouping does not matter.
pub fn plural<'a>(count: &str, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    let digits: Vec<u32> = count.chars().filter_map(|c| c.to_digit(10)).collect();
    let last = digits.last().copied().unwrap_or(0);
    let tens = digits.len().checked_sub(2).map_or(0, |i| digits[i]);
    match (tens, last) {
        (1, _) => many,
        (_, 1) => one,
        (_, 2..=4) => few,
        _ => many,
    }
}

/// API field and relationship names as labels; a name not listed here reads as in English.
pub(super) fn field_label(name: &str) -> String {
    let label = match name {
        "id" => "ID",
        "name" => "Назва",
        "balance" => "Баланс",
        "min-balance" => "Мін. баланс",
        "max-balance" => "Макс. баланс",
        "destination-rate-limit" => "Ліміт тарифу за напрямком",
        "origination-capacity" => "Ємність оригінації",
        "termination-capacity" => "Ємність термінації",
        "total-capacity" => "Загальна ємність",
        "currency" => "Валюта",
        "prefix" => "Префікс",
        "number-min-length" => "Мін. довжина номера",
        "dst-number-min-length" => "Мін. довжина номера",
        "number-max-length" => "Макс. довжина номера",
        "dst-number-max-length" => "Макс. довжина номера",
        "network" => "Мережа",
        "state" => "Стан",
        "initial-price" => "Початкова ціна",
        "renew-price" => "Ціна продовження",
        "created-at" => "Створено",
        "renew-at" => "Наступне продовження",
        "renew-period" => "Період продовження",
        "service-type" => "Тип послуги",
        "ui-type" => "Тип інтерфейсу",
        "status" => "Статус",
        "rows-count" => "Рядки",
        "filters" => "Фільтри",
        "time-format" => "Формат часу",
        "time-zone-name" => "Часовий пояс",
        "updated-at" => "Оновлено",
        "enabled" => "Увімкнено",
        "reject-calls" => "Відхиляє дзвінки",
        "initial-rate" => "Початковий тариф",
        "initial-interval" => "Початковий інтервал (с)",
        "next-rate" => "Наступний тариф",
        "next-interval" => "Наступний інтервал (с)",
        "connect-fee" => "Плата за з’єднання",
        "attempt-fee" => "Плата за спробу",
        "valid-from" => "Діє з",
        "valid-till" => "Діє до",
        "network-prefix-id" => "ID префікса мережі",
        "balance-low-threshold" => "Нижній поріг балансу",
        "balance-high-threshold" => "Верхній поріг балансу",
        "max-call-duration" => "Макс. тривалість дзвінка",
        "external-id" => "Зовнішній ID",
        "uuid" => "UUID",
        "network-type" => "Тип мережі",
        "account" => "Рахунок",
        "transactions" => "Транзакції",
        "account-id" => "Рахунок",
        "rateplan-id" => "Тарифний план",
        "iso2" => "Код ISO",
        "time-start" => "Початок",
        "time-connect" => "З’єднано",
        "time-end" => "Завершено",
        "duration" => "Тривалість (с)",
        "success" => "Успішний",
        "src-prefix-in" => "Номер джерела",
        "dst-prefix-in" => "Номер призначення",
        "src-prefix-out" => "Номер джерела",
        "dst-prefix-out" => "Номер призначення",
        "customer-price" => "Ціна",
        "vendor-price" => "Ціна постачальника",
        "lega-disconnect-code" => "Код завершення",
        "legb-disconnect-code" => "Код завершення",
        "lega-disconnect-reason" => "Причина завершення",
        "legb-disconnect-reason" => "Причина завершення",
        "customer-duration" => "Тарифікована тривалість (с)",
        "vendor-duration" => "Тарифікована тривалість (с)",
        "destination-prefix" => "Префікс тарифу",
        "dialpeer-prefix" => "Префікс тарифу",
        "destination-initial-rate" => "Початковий тариф",
        "dialpeer-initial-rate" => "Початковий тариф",
        "destination-initial-interval" => "Початковий інтервал (с)",
        "dialpeer-initial-interval" => "Початковий інтервал (с)",
        "destination-next-rate" => "Наступний тариф",
        "dialpeer-next-rate" => "Наступний тариф",
        "destination-next-interval" => "Наступний інтервал (с)",
        "dialpeer-next-interval" => "Наступний інтервал (с)",
        "destination-fee" => "Плата за з’єднання",
        "dialpeer-fee" => "Плата за з’єднання",
        "src-name-in" => "Ім’я абонента",
        "src-name-out" => "Ім’я абонента",
        "src-prefix-routing" => "Номер джерела (маршрутизація)",
        "dst-prefix-routing" => "Номер призначення (маршрутизація)",
        "diversion-in" => "Переадресація",
        "diversion-out" => "Переадресація",
        "from-domain" => "Домен From",
        "to-domain" => "Домен To",
        "ruri-domain" => "Домен R-URI",
        "orig-call-id" => "Call-ID виклику",
        "term-call-id" => "Call-ID виклику",
        "local-tag" => "Локальний тег",
        "lega-user-agent" => "Програма абонента",
        "legb-user-agent" => "Програма абонента",
        "auth-orig-transport-protocol-id" => "Транспорт",
        "sign-term-transport-protocol-id" => "Транспорт",
        "auth-orig-ip" => "IP джерела",
        "auth-orig-port" => "Порт джерела",
        "sign-term-ip" => "IP сигналізації",
        "sign-term-port" => "Порт сигналізації",
        "rec" => "Запис",
        "customer-price-no-vat" => "Ціна без ПДВ",
        "customer-acc-vat" => "ПДВ (%)",
        "destination-reverse-billing" => "Зворотна тарифікація",
        "dialpeer-reverse-billing" => "Зворотна тарифікація",
        "pai-in" => "Заголовок P-Asserted-Identity",
        "ppi-in" => "Заголовок P-Preferred-Identity",
        "privacy-in" => "Заголовок Privacy",
        "rpid-in" => "Заголовок Remote-Party-ID",
        "rpid-privacy-in" => "Приватність RPID",
        "reference" => "Номер",
        "start-date" => "Початок періоду",
        "end-date" => "Кінець періоду",
        "amount-spent" => "Сума",
        "has-pdf" => "PDF",
        "services-amount-spent" => "Послуги",
        "service-transactions-count" => "Списання за послуги",
        "originated-amount-spent" => "Ваші дзвінки: сума",
        "originated-calls-count" => "Ваші дзвінки",
        "originated-successful-calls-count" => "Ваші дзвінки: успішні",
        "originated-calls-duration" => "Ваші дзвінки: час розмов",
        "originated-billing-duration" => "Ваші дзвінки: тарифікований час",
        "originated-first-call-at" => "Ваші дзвінки: перший",
        "originated-last-call-at" => "Ваші дзвінки: останній",
        "terminated-amount-spent" => "Дзвінки до вас: сума",
        "terminated-calls-count" => "Дзвінки до вас",
        "terminated-successful-calls-count" => "Дзвінки до вас: успішні",
        "terminated-calls-duration" => "Дзвінки до вас: час розмов",
        "terminated-billing-duration" => "Дзвінки до вас: тарифікований час",
        "terminated-first-call-at" => "Дзвінки до вас: перший",
        "terminated-last-call-at" => "Дзвінки до вас: останній",
        "amount" => "Сума",
        "type-name" => "Тип",
        "balance-before-payment" => "Баланс до платежу",
        "notes" => "Примітка",
        "rolledback-at" => "Скасовано",
        "description" => "Опис",
        "service" => "Послуга",
        "service-id" => "Послуга",
        "mode-id" => "Порівняння",
        "default-action-id" => "Типова дія",
        "key" => "Номер",
        "action-id" => "Дія",
        "numberlist-id" => "Список номерів",
        "outgoing-numberlist" => "Список номерів",
        other => return super::spelled_out(other),
    };
    label.to_owned()
}

/// The known words of attributes as this language says them.
pub(super) fn choice_label(attribute: &str, word: &str) -> Option<&'static str> {
    Some(match (attribute, word) {
        ("time-format", "with_timezone") => "З часовим поясом",
        ("time-format", "without_timezone") => "Без часового поясу",
        ("time-format", "round_to_seconds") => "Округлено до секунд",
        (_, "Pending") => "Очікує",
        (_, "Completed") => "Готово",
        (_, "Failed") => "Помилка",
        (_, "Deleted") => "Видалено",
        (_, "Active") => "Активна",
        (_, "Suspended") => "Призупинена",
        ("status", "completed") => "Зараховано",
        ("status", "pending") => "Очікує",
        ("status", "canceled") => "Скасовано",
        ("type-name", "manual") => "Вручну",
        ("type-name", "cryptomus") => "Криптовалюта (Cryptomus)",
        ("renew-period", "Day") => "Щодня",
        ("renew-period", "Month") => "Щомісяця",
        ("renew-period", "Disabled") => "Не продовжується",
        ("mode-id", "strict") => "Точний збіг номера",
        ("mode-id", "prefix") => "Збіг за префіксом",
        ("mode-id", "random") => "Випадковий",
        (_, "reject") => "Відхилити дзвінок",
        (_, "allow") => "Дозволити дзвінок",
        _ => return None,
    })
}

/// Групи сторінки запису.
pub(super) fn group_label(name: &str) -> Option<&'static str> {
    Some(match name {
        "timing" => "Час",
        "billing" => "Тарифікація",
        "signalling" => "Сигналізація",
        "outcome" => "Результат",
        _ => return None,
    })
}

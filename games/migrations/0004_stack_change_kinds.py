from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_fixed_limit_bets"),
    ]

    operations = [
        migrations.AlterField(
            model_name="ledgerentry",
            name="kind",
            field=models.CharField(
                choices=[
                    ("buy-in", "buy-in"),
                    ("rebuy", "rebuy"),
                    ("top-up", "top-up"),
                    ("removal", "removal"),
                    ("correction", "correction"),
                    ("adjustment", "adjustment"),
                    ("cash-out", "cash-out"),
                    ("void", "void"),
                ],
                max_length=12,
            ),
        ),
    ]
